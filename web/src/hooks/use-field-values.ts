import { useCallback, useState } from 'react';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

/**
 * The values and per-field errors of a small controlled form of text fields. Changing a field clears
 * its error; `setServerErrors` takes a 422 answer's `fields` and keeps those that name a field here.
 */
export function useFieldValues<V extends Record<string, string>>(empty: V) {
  const [values, setValues] = useState<V>(empty);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  const set = useCallback((name: keyof V, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  }, []);

  const reset = useCallback(() => {
    setValues(empty);
    setErrors({});
  }, [empty]);

  const setServerErrors = useCallback(
    (fields: Partial<Record<string, string>>) => {
      const next: FieldErrors<V> = {};
      for (const name of Object.keys(empty) as (keyof V & string)[]) next[name] = fields[name];
      setErrors(next);
    },
    [empty],
  );

  return { values, errors, set, reset, setServerErrors };
}

export type FieldValues<V extends Record<string, string>> = ReturnType<typeof useFieldValues<V>>;
