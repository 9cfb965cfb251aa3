import * as React from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { parseRupiah, type ErrorItem, type z } from '@klinik/shared';
import { errorItems } from '../../../lib/trpc';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { useUnsavedChanges } from '../../../components/UnsavedChanges';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

/** One field of a master form: how it is edited and how its text becomes the shared schema's input. */
export interface FieldSpec {
  key: string;
  label: string;
  kind: 'text' | 'time' | 'date' | 'number' | 'decimal' | 'money' | 'checkbox' | 'select' | 'multi';
  required?: boolean;
  options?: { value: string; label: string }[];
  placeholder?: string;
  description?: string;
  /** Shown only when this returns true for the current values. */
  when?: (values: FormValues) => boolean;
}

export type FormValues = Record<string, string | boolean | string[]>;

/** Form text -> the schema's input (numbers as numbers, empty as undefined so defaults apply). */
export function toInput(fields: FieldSpec[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (f.kind === 'checkbox') out[f.key] = !!v;
    else if (f.kind === 'multi') out[f.key] = ((v as string[] | undefined) ?? []).map(Number);
    else {
      const s = typeof v === 'string' ? v.trim() : '';
      if (s === '') out[f.key] = f.kind === 'text' || f.kind === 'date' || f.kind === 'select' ? '' : undefined;
      else if (f.kind === 'money') out[f.key] = parseRupiah(s) ?? s;
      else if (f.kind === 'number' || f.kind === 'decimal') {
        const n = Number(s.replace(',', '.'));
        out[f.key] = Number.isFinite(n) ? n : s;
      } else out[f.key] = s;
    }
  }
  return out;
}

/** A resolver running the shared zod schema over the converted values; issues land on their fields. */
export function schemaResolver(schema: z.ZodType, fields: FieldSpec[], extra?: () => Record<string, unknown>) {
  const resolver: Resolver<FormValues> = async (values) => {
    const r = schema.safeParse({ ...(extra?.() ?? {}), ...toInput(fields, values) });
    if (r.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const i of r.error.issues) {
      const k = String(i.path[0] ?? 'root');
      if (!errors[k]) errors[k] = { type: 'validation', message: i.message };
    }
    return { values: {}, errors: errors as FieldErrors<FormValues> };
  };
  return resolver;
}

/**
 * A dialog form over a shared zod schema (react-hook-form): the same rules as the server, errors next to the fields,
 * the server's own errors put on their fields too.
 */
export function SchemaFormDialog({
  open,
  onOpenChange,
  title,
  description,
  fields,
  schema,
  initial,
  onSubmit,
  testId,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  description?: string;
  fields: FieldSpec[];
  schema: z.ZodType;
  initial: FormValues;
  onSubmit: (data: Record<string, unknown>) => Promise<unknown>;
  testId?: string;
}) {
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const [busy, setBusy] = React.useState(false);
  const form = useForm<FormValues>({
    resolver: schemaResolver(schema, fields),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, reset, formState, watch } = form;
  useUnsavedChanges(open && formState.isDirty);
  const values = watch();
  React.useEffect(() => {
    if (open) {
      reset(initial);
      setServerErrors([]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = handleSubmit(async (v) => {
    setServerErrors([]);
    setBusy(true);
    try {
      await onSubmit(schema.parse(toInput(fields, v)) as Record<string, unknown>);
      onOpenChange(false);
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    } finally {
      setBusy(false);
    }
  });

  const errorOf = (k: string) => formState.errors[k]?.message;

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-xl" data-testid={testId}>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          <div className="grid max-h-[65vh] gap-3 overflow-y-auto pr-1 sm:grid-cols-2">
            {fields
              .filter((f) => !f.when || f.when(values))
              .map((f) => {
                const id = `f-${f.key}`;
                const err = errorOf(f.key);
                if (f.kind === 'checkbox') {
                  return (
                    <FormField key={f.key} htmlFor={id} error={err} className="sm:col-span-2">
                      <Controller
                        control={control}
                        name={f.key}
                        render={({ field }) => (
                          <label className="flex items-center gap-2 text-sm">
                            <Checkbox
                              id={id}
                              checked={!!field.value}
                              onCheckedChange={(c) => field.onChange(c === true)}
                            />
                            {f.label}
                          </label>
                        )}
                      />
                    </FormField>
                  );
                }
                if (f.kind === 'select') {
                  return (
                    <FormField key={f.key} label={f.label} htmlFor={id} error={err} required={f.required}>
                      <Controller
                        control={control}
                        name={f.key}
                        render={({ field }) => (
                          <Select value={String(field.value ?? '')} onValueChange={field.onChange}>
                            <SelectTrigger id={id} className="w-full" aria-invalid={!!err}>
                              <SelectValue placeholder={f.placeholder ?? 'Pilih'} />
                            </SelectTrigger>
                            <SelectContent>
                              {(f.options ?? []).map((o) => (
                                <SelectItem key={o.value} value={o.value}>
                                  {o.label}
                                </SelectItem>
                              ))}
                            </SelectContent>
                          </Select>
                        )}
                      />
                    </FormField>
                  );
                }
                if (f.kind === 'multi') {
                  return (
                    <FormField key={f.key} label={f.label} htmlFor={id} error={err} className="sm:col-span-2">
                      <Controller
                        control={control}
                        name={f.key}
                        render={({ field }) => {
                          const chosen = (field.value as string[] | undefined) ?? [];
                          return (
                            <div
                              id={id}
                              className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2"
                            >
                              {(f.options ?? []).length === 0 ? (
                                <p className="text-xs text-muted-foreground">Belum ada pilihan.</p>
                              ) : null}
                              {(f.options ?? []).map((o) => (
                                <label key={o.value} className="flex items-center gap-2 text-sm">
                                  <Checkbox
                                    checked={chosen.includes(o.value)}
                                    onCheckedChange={(c) =>
                                      field.onChange(
                                        c === true ? [...chosen, o.value] : chosen.filter((x) => x !== o.value),
                                      )
                                    }
                                    aria-label={o.label}
                                  />
                                  {o.label}
                                </label>
                              ))}
                            </div>
                          );
                        }}
                      />
                    </FormField>
                  );
                }
                return (
                  <FormField
                    key={f.key}
                    label={f.label}
                    htmlFor={id}
                    error={err}
                    required={f.required}
                    description={f.description}
                  >
                    <Input
                      id={id}
                      type={f.kind === 'time' ? 'time' : f.kind === 'date' ? 'date' : 'text'}
                      inputMode={
                        f.kind === 'money' || f.kind === 'number' || f.kind === 'decimal' ? 'decimal' : undefined
                      }
                      placeholder={f.placeholder}
                      aria-invalid={!!err}
                      aria-describedby={err ? `${id}-error` : undefined}
                      {...register(f.key)}
                    />
                  </FormField>
                );
              })}
          </div>
          <ErrorList items={serverErrors} />
          <FormDialogFooter busy={busy} onCancel={() => onOpenChange(false)} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
