import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { renderTypedSignature } from '../typed-signature';
import { SIGNATURE_AREA_WIDTH } from './SignaturePad';

interface Props {
  /** The profile's full name; empty while it loads. */
  name: string;
  /** The profile could not be loaded, so there is no name to type. */
  unavailable: boolean;
  /** Gets the PNG data URL once the name is rendered, or null while there is none. */
  onChange: (dataUrl: string | null) => void;
}

/**
 * The keyboard's way to sign (WCAG 2.1.1, issue 13): the signer's name from the profile, rendered in a handwriting
 * font as the signature image. What is shown is the very image that is sent.
 */
export function TypedSignature({ name, unavailable, onChange }: Props) {
  const { t } = useTranslation('contracts');
  const [rendered, setRendered] = useState<{ name: string; image: string | null } | null>(null);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  useEffect(() => {
    if (!name) return;
    let current = true;
    void renderTypedSignature(name).then((image) => {
      if (!current) return;
      setRendered({ name, image });
      report.current(image);
    });
    return () => {
      current = false;
    };
  }, [name]);

  if (unavailable) {
    return (
      <p role="alert" className="text-sm text-danger-700">
        {t('sign.typed.unavailable')}
      </p>
    );
  }
  const image = rendered?.name === name ? rendered.image : null;
  return (
    <div
      className={cn(
        'mx-auto flex aspect-[5/2] items-center justify-center rounded-lg border-2 border-dashed border-slate-300 bg-white',
        SIGNATURE_AREA_WIDTH,
      )}
    >
      {image ? (
        <img src={image} alt={t('sign.typed.previewAlt', { name })} data-testid="typed-signature" className="h-full w-full" />
      ) : (
        <p role="status" className="text-sm text-slate-500">
          {t('sign.typed.preparing')}
        </p>
      )}
    </div>
  );
}
