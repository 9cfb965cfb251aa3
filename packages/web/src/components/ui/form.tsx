import * as React from 'react';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { ErrorItem } from '@klinik/shared';
import { cn } from '../../lib/utils';
import { Label } from './label';

export interface FormFieldProps {
  label?: React.ReactNode;
  /** The id of the control inside; the label points at it and the error is linked by aria-describedby. */
  htmlFor: string;
  error?: FieldError | string | null;
  description?: React.ReactNode;
  required?: boolean;
  className?: string;
  children: React.ReactNode;
}

/**
 * A labelled control with its error shown inline right under it (spec 8).
 * Pass `aria-invalid={!!error}` and `aria-describedby={`${id}-error`}` to the control for screen readers.
 */
export function FormField({ label, htmlFor, error, description, required, className, children }: FormFieldProps) {
  const message = typeof error === 'string' ? error : error?.message;
  return (
    <div data-slot="form-field" className={cn('grid gap-1.5', className)}>
      {label ? (
        <Label htmlFor={htmlFor} className={cn(message && 'text-destructive')}>
          {label}
          {required ? <span className="text-destructive">*</span> : null}
        </Label>
      ) : null}
      {children}
      {description && !message ? <p className="text-xs text-muted-foreground">{description}</p> : null}
      {message ? (
        <p id={`${htmlFor}-error`} role="alert" data-slot="form-error" className="text-xs font-medium text-destructive">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Puts the server's `[{ message, field }]` items on the matching form fields (react-hook-form `setError`) and
 * returns the ones no field took, for an `<ErrorList items={...} />` above the buttons.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  items: ErrorItem[],
): ErrorItem[] {
  const values = form.getValues() as Record<string, unknown>;
  const rest: ErrorItem[] = [];
  for (const item of items) {
    const root = item.field?.split('.')[0];
    if (item.field && root !== undefined && root in values) {
      form.setError(item.field as Path<T>, { type: 'server', message: item.message });
    } else {
      rest.push(item);
    }
  }
  return rest;
}
