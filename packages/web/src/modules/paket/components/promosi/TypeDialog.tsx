import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { PAKET_TYPE_KINDS, type ErrorItem, type PaketTypeDto } from '@klinik/shared';
import { useBranchToday } from '../../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../../lib/trpc';
import { ACTIVE_STATUS_OPTIONS, OptionSelect } from '../../../../components/OptionSelect';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { DateInput } from '../../../../components/ui/date-input';
import { fieldErrorsOf } from './field-errors';

/** 'Jenis Paket' create/edit dialog of /paket/promosi (split out of PromosiPage, issue 9 item 6). */
export function TypeDialog({
  type,
  open,
  onClose,
  onSaved,
}: {
  type: PaketTypeDto | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const trpc = useTRPC();
  const today = useBranchToday();
  const create = useMutation({ ...trpc.paket.createType.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.paket.updateType.mutationOptions(), meta: { inlineErrors: true } });
  const [v, setV] = React.useState({ name: '', type: '1', start_at: '', end_at: '', status: '1' });
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  React.useEffect(() => {
    if (open) {
      setV(
        type
          ? {
              name: type.name,
              type: String(type.type),
              start_at: type.start_at,
              end_at: type.end_at ?? '',
              status: String(type.status),
            }
          : { name: '', type: '1', start_at: today, end_at: '', status: '1' },
      );
      setErrors([]);
    }
  }, [open, type, today]);
  const { byField, rest } = fieldErrorsOf(errors);
  const save = async () => {
    const data = {
      name: v.name,
      type: Number(v.type),
      start_at: v.start_at,
      end_at: v.end_at || null,
      status: Number(v.status) as 0 | 1,
    };
    try {
      if (type) await update.mutateAsync({ id: type.id, data });
      else await create.mutateAsync(data);
      onSaved();
    } catch (err) {
      setErrors(errorItems(err));
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{type ? 'Ubah Jenis Paket' : 'Jenis Paket Baru'}</DialogTitle>
        </DialogHeader>
        <div className="grid gap-3">
          <FormField label="Nama" htmlFor="type-name" error={byField.name} required>
            <Input id="type-name" value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
          </FormField>
          <FormField label="Jenis" htmlFor="type-type" error={byField.type} required>
            <OptionSelect
              id="type-type"
              value={v.type}
              onValueChange={(x) => setV({ ...v, type: x })}
              options={PAKET_TYPE_KINDS}
            />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Mulai" htmlFor="type-start" error={byField.start_at} required>
              <DateInput id="type-start" value={v.start_at} onChange={(iso) => setV({ ...v, start_at: iso })} />
            </FormField>
            <FormField label="Berakhir" htmlFor="type-end" error={byField.end_at}>
              <DateInput id="type-end" value={v.end_at} onChange={(iso) => setV({ ...v, end_at: iso })} />
            </FormField>
          </div>
          <FormField label="Status" htmlFor="type-status">
            <OptionSelect
              id="type-status"
              value={v.status}
              onValueChange={(x) => setV({ ...v, status: x })}
              options={ACTIVE_STATUS_OPTIONS}
            />
          </FormField>
          <ErrorList
            items={
              Object.keys(byField).length
                ? errors.filter((e) => !e.field || !['name', 'type', 'start_at', 'end_at'].includes(e.field))
                : rest
            }
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Batal
          </Button>
          <Button onClick={() => void save()} disabled={create.isPending || update.isPending}>
            Simpan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

// ------------------------------------------------------------------------------------------------ packages

/** Fields the package form shows an inline error under; anything else goes to the list above the buttons. */
