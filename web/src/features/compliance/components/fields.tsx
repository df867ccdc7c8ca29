import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** A labelled field with the server's error under it, tied to it for screen readers. */
export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-danger-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
