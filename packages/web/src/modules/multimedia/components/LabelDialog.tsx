import * as React from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  multimediaLabelInput,
  type ErrorItem,
  type MultimediaLabelDto,
  type MultimediaLabelInput,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { FormDialogFooter } from '../../../components/FormDialogFooter';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { applyServerErrors, FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';

interface LabelValues {
  name: string;
  status: string;
}

const resolver = zodResolver(multimediaLabelInput as never) as unknown as Resolver<
  LabelValues,
  unknown,
  MultimediaLabelInput
>;

/** 'Tambah Label' / 'Ubah Label': a name (2-100 characters) and the status; a label is deactivated, never deleted. */
export function LabelDialog({
  label,
  open,
  onOpenChange,
  onSaved,
}: {
  label: MultimediaLabelDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const create = useMutation({ ...trpc.multimedia.createLabel.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.multimedia.updateLabel.mutationOptions(), meta: { inlineErrors: true } });
  const [serverErrors, setServerErrors] = React.useState<ErrorItem[]>([]);
  const form = useForm<LabelValues, unknown, MultimediaLabelInput>({
    resolver,
    defaultValues: { name: '', status: '1' },
  });
  const { register, handleSubmit, reset, formState, setValue, watch } = form;

  React.useEffect(() => {
    if (open) {
      reset({ name: label?.name ?? '', status: String(label?.status ?? 1) });
      setServerErrors([]);
    }
  }, [open, label, reset]);

  const busy = create.isPending || update.isPending;
  const submit = handleSubmit(async (data) => {
    setServerErrors([]);
    try {
      if (label) await update.mutateAsync({ id: label.id, data });
      else await create.mutateAsync(data);
      onOpenChange(false);
      onSaved();
    } catch (err) {
      setServerErrors(applyServerErrors(form, errorItems(err)));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <DialogContent className="max-w-md" data-testid="label-dialog">
        <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{label ? 'Ubah Label' : 'Tambah Label'}</DialogTitle>
            <DialogDescription>Label foto progres, misalnya Wajah Depan atau Sisi Kiri.</DialogDescription>
          </DialogHeader>
          <FormField label="Nama Label" htmlFor="label-name" error={formState.errors.name} required>
            <Input
              id="label-name"
              {...register('name')}
              aria-invalid={!!formState.errors.name}
              aria-describedby={formState.errors.name ? 'label-name-error' : undefined}
              data-testid="label-name"
            />
          </FormField>
          <FormField label="Status" htmlFor="label-status" error={formState.errors.status}>
            <Select value={watch('status')} onValueChange={(v) => setValue('status', v)}>
              <SelectTrigger id="label-status" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="1">Aktif</SelectItem>
                <SelectItem value="0">Tidak Aktif</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <ErrorList items={serverErrors} />
          <FormDialogFooter busy={busy} onCancel={() => onOpenChange(false)} submitTestId="label-save" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
