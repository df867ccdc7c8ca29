import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';

interface ConsentCheckboxProps {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export function ConsentCheckbox({ id, checked, onCheckedChange, label, error, hint }: ConsentCheckboxProps) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <Checkbox id={id} checked={checked} onCheckedChange={(value) => onCheckedChange(value === true)} {...invalidProps(id, error)} />
        <div className="flex flex-col gap-0.5">
          <Label htmlFor={id} className="font-normal leading-snug">
            {label}
          </Label>
          {hint}
        </div>
      </div>
      <div className="pl-8">
        <FieldError id={id} message={error} />
      </div>
    </div>
  );
}
