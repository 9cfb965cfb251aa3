import * as React from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import {
  formatNumber,
  INSTALLMENT_SCHEMAS,
  parseRupiah,
  installmentMismatch,
  PAKET_ITEM_TYPES,
  type ErrorItem,
  type PaketHistoryDto,
  type PaketInput,
  type PaketTypeDto,
} from '@klinik/shared';
import { useBranchToday } from '../../../../lib/branch-today';
import { errorItems, useTRPC } from '../../../../lib/trpc';
import { ACTIVE_STATUS_OPTIONS, OptionSelect } from '../../../../components/OptionSelect';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { ErrorList } from '../../../../components/ui/error-list';
import { FormField } from '../../../../components/ui/form';
import { Input } from '../../../../components/ui/input';
import { DateInput } from '../../../../components/ui/date-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldErrorsOf } from './field-errors';

/** 'Paket Promosi' create/edit dialog with its treatment rows (split out of PromosiPage, issue 9 item 6). */
const SHOWN_FIELD =
  /^(code|name|paket_type_id|active_at|price|dp_amount|cicilan_amount|cicilan_attempt|items\.\d+\.(ref_id|free_slot|expired_duration))$/;

interface ItemRow {
  type: string;
  ref_id: string;
  free_slot: string;
  expired_duration: string;
}

export function PaketDialog({
  paket,
  open,
  onClose,
  onSaved,
  types,
}: {
  paket: PaketHistoryDto | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  types: PaketTypeDto[];
}) {
  const trpc = useTRPC();
  const today = useBranchToday();
  const create = useMutation({ ...trpc.paket.create.mutationOptions(), meta: { inlineErrors: true } });
  const update = useMutation({ ...trpc.paket.update.mutationOptions(), meta: { inlineErrors: true } });
  const masterQuery = { page: 1, limit: 500, status: 1 };
  const tindakan = useQuery({
    ...trpc.masters.tindakan.list.queryOptions(masterQuery),
    enabled: open,
    meta: { silent: true },
  });
  const items = useQuery({
    ...trpc.masters.item.list.queryOptions(masterQuery),
    enabled: open,
    meta: { silent: true },
  });
  const labs = useQuery({
    ...trpc.masters.formlab.list.queryOptions(masterQuery),
    enabled: open,
    meta: { silent: true },
  });
  const options: Record<string, { id: number; code: string; name: string }[]> = {
    '1': tindakan.data?.data ?? [],
    '2': items.data?.data ?? [],
    '3': labs.data?.data ?? [],
  };
  const blank = {
    code: '',
    name: '',
    paket_type_id: '',
    active_at: today,
    price: '',
    description: '',
    status: '1',
    installment_schema: '0',
    dp_amount: '0',
    cicilan_amount: '0',
    cicilan_attempt: '0',
  };
  const [v, setV] = React.useState(blank);
  const [rows, setRows] = React.useState<ItemRow[]>([]);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  React.useEffect(() => {
    if (!open) return;
    setErrors([]);
    if (paket) {
      setV({
        code: paket.code,
        name: paket.name,
        paket_type_id: String(paket.pakettypedata.id),
        active_at: paket.active_at,
        price: formatNumber(paket.price),
        description: paket.description ?? '',
        status: String(paket.status),
        installment_schema: String(paket.installment_schema),
        dp_amount: formatNumber(paket.dp_amount),
        cicilan_amount: formatNumber(paket.cicilan_amount),
        cicilan_attempt: String(paket.cicilan_attempt),
      });
      setRows(
        (paket.items ?? []).map((i) => ({
          type: String(i.type),
          ref_id: String(i.ref_id),
          free_slot: String(i.free_slot),
          expired_duration: String(i.expired_duration),
        })),
      );
    } else {
      setV(blank);
      setRows([]);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, paket]);
  const { byField } = fieldErrorsOf(errors);
  const instal = v.installment_schema === '1';
  const num = (s: string) => parseRupiah(s) ?? NaN;
  const mismatch =
    instal && [v.price, v.dp_amount, v.cicilan_amount, v.cicilan_attempt].every((x) => Number.isFinite(num(x)))
      ? installmentMismatch(num(v.price), num(v.dp_amount), num(v.cicilan_amount), num(v.cicilan_attempt))
      : null;

  const save = async () => {
    const data = {
      code: v.code,
      name: v.name,
      paket_type_id: Number(v.paket_type_id),
      active_at: v.active_at,
      price: num(v.price),
      description: v.description || null,
      status: Number(v.status),
      installment_schema: Number(v.installment_schema),
      dp_amount: num(v.dp_amount) || 0,
      cicilan_amount: num(v.cicilan_amount) || 0,
      cicilan_attempt: num(v.cicilan_attempt) || 0,
      items: rows.map((r) => ({
        type: Number(r.type),
        ref_id: Number(r.ref_id),
        free_slot: Number(r.free_slot),
        expired_duration: Number(r.expired_duration),
      })),
    } as unknown as PaketInput;
    try {
      if (paket) await update.mutateAsync({ id: paket.paket_id, data });
      else await create.mutateAsync(data);
      onSaved();
    } catch (err) {
      setErrors(errorItems(err));
    }
  };
  const set = (k: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setV({ ...v, [k]: e.target.value });
  const setRow = (i: number, patch: Partial<ItemRow>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent fullScreen aria-describedby={undefined}>
        <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-4">
          <DialogHeader>
            <DialogTitle>{paket ? `Ubah Paket ${paket.code} (versi baru)` : 'Paket Baru'}</DialogTitle>
            {paket ? (
              <DialogDescription>
                Setiap perubahan disimpan sebagai versi baru; registrasi lama tetap memakai versi saat dijual.
              </DialogDescription>
            ) : null}
          </DialogHeader>
          <div className="grid gap-3 md:grid-cols-3">
            <FormField label="Kode" htmlFor="pk-code" error={byField.code} required>
              <Input id="pk-code" value={v.code} onChange={set('code')} />
            </FormField>
            <FormField label="Nama Paket" htmlFor="pk-name" error={byField.name} required className="md:col-span-2">
              <Input id="pk-name" value={v.name} onChange={set('name')} />
            </FormField>
            <FormField label="Jenis Paket" htmlFor="pk-type" error={byField.paket_type_id} required>
              <Select value={v.paket_type_id} onValueChange={(x) => setV({ ...v, paket_type_id: x })}>
                <SelectTrigger id="pk-type">
                  <SelectValue placeholder="Pilih jenis paket" />
                </SelectTrigger>
                <SelectContent>
                  {types
                    .filter((t) => t.status === 1)
                    .map((t) => (
                      <SelectItem key={t.id} value={String(t.id)}>
                        {t.name}
                      </SelectItem>
                    ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField label="Berlaku Mulai" htmlFor="pk-active" error={byField.active_at} required>
              <DateInput id="pk-active" value={v.active_at} onChange={(iso) => setV({ ...v, active_at: iso })} />
            </FormField>
            <FormField label="Status" htmlFor="pk-status">
              <OptionSelect
                id="pk-status"
                value={v.status}
                onValueChange={(x) => setV({ ...v, status: x })}
                options={ACTIVE_STATUS_OPTIONS}
              />
            </FormField>
            <FormField label="Harga (Rp)" htmlFor="pk-price" error={byField.price} required>
              <Input id="pk-price" inputMode="decimal" value={v.price} onChange={set('price')} />
            </FormField>
            <FormField label="Skema Pembayaran" htmlFor="pk-schema">
              <OptionSelect
                id="pk-schema"
                value={v.installment_schema}
                onValueChange={(x) => setV({ ...v, installment_schema: x })}
                options={INSTALLMENT_SCHEMAS}
              />
            </FormField>
            {instal ? (
              <>
                <FormField label="DP (Rp)" htmlFor="pk-dp" error={byField.dp_amount}>
                  <Input id="pk-dp" inputMode="decimal" value={v.dp_amount} onChange={set('dp_amount')} />
                </FormField>
                <FormField label="Nominal Cicilan (Rp)" htmlFor="pk-cicilan" error={byField.cicilan_amount}>
                  <Input
                    id="pk-cicilan"
                    inputMode="decimal"
                    value={v.cicilan_amount}
                    onChange={set('cicilan_amount')}
                  />
                </FormField>
                <FormField label="Jumlah Cicilan" htmlFor="pk-attempt" error={byField.cicilan_attempt}>
                  <Input
                    id="pk-attempt"
                    inputMode="numeric"
                    value={v.cicilan_attempt}
                    onChange={set('cicilan_attempt')}
                  />
                </FormField>
              </>
            ) : null}
            <FormField label="Keterangan" htmlFor="pk-desc" className="md:col-span-3">
              <Textarea id="pk-desc" rows={2} value={v.description} onChange={set('description')} />
            </FormField>
          </div>
          {mismatch && !byField.cicilan_amount ? <p className="text-sm text-destructive">{mismatch}</p> : null}

          <div className="grid gap-2">
            <div className="flex items-center justify-between">
              <h3 className="font-semibold">Isi Paket</h3>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setRows([...rows, { type: '1', ref_id: '', free_slot: '1', expired_duration: '90' }])}
              >
                <Plus /> Tambah Item
              </Button>
            </div>
            {rows.length === 0 ? <p className="text-sm text-muted-foreground">{'Tidak ada Perawatan'}</p> : null}
            {rows.map((r, i) => (
              <div
                key={i}
                className="grid items-end gap-2 rounded-md border p-2 md:grid-cols-[140px_1fr_110px_130px_auto]"
              >
                <FormField label="Jenis" htmlFor={`it-type-${i}`}>
                  <OptionSelect
                    id={`it-type-${i}`}
                    value={r.type}
                    onValueChange={(x) => setRow(i, { type: x, ref_id: '' })}
                    options={PAKET_ITEM_TYPES}
                  />
                </FormField>
                <FormField label="Nama" htmlFor={`it-ref-${i}`} error={byField[`items.${i}.ref_id`]}>
                  <Select value={r.ref_id} onValueChange={(x) => setRow(i, { ref_id: x })}>
                    <SelectTrigger id={`it-ref-${i}`}>
                      <SelectValue placeholder="Pilih" />
                    </SelectTrigger>
                    <SelectContent>
                      {options[r.type].map((o) => (
                        <SelectItem key={o.id} value={String(o.id)}>
                          {o.code} · {o.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </FormField>
                <FormField label="Slot" htmlFor={`it-slot-${i}`} error={byField[`items.${i}.free_slot`]}>
                  <Input
                    id={`it-slot-${i}`}
                    inputMode="numeric"
                    value={r.free_slot}
                    onChange={(e) => setRow(i, { free_slot: e.target.value })}
                  />
                </FormField>
                <FormField
                  label="Berlaku (hari)"
                  htmlFor={`it-exp-${i}`}
                  error={byField[`items.${i}.expired_duration`]}
                >
                  <Input
                    id={`it-exp-${i}`}
                    inputMode="numeric"
                    value={r.expired_duration}
                    onChange={(e) => setRow(i, { expired_duration: e.target.value })}
                  />
                </FormField>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Hapus item"
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                >
                  <Trash2 />
                </Button>
              </div>
            ))}
          </div>
          <ErrorList items={errors.filter((e) => !e.field || !SHOWN_FIELD.test(e.field))} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Batal
            </Button>
            <Button onClick={() => void save()} disabled={create.isPending || update.isPending}>
              Simpan
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
