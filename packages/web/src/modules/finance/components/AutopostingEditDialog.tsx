import * as React from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  formatRupiah,
  type AkunDto,
  type AutopostingDto,
  type AutopostingPreviewDto,
  type ErrorItem,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { AkunPicker } from './AkunPicker';

/**
 * 'Ubah' of one automatic-journal key: the account picker and the date from which the new version applies, the
 * preview of the latest document that posted with this key (what it would book with the change), then 'Simpan'.
 */
export function AutopostingEditDialog({
  row,
  accounts,
  today,
  onClose,
}: {
  row: AutopostingDto | null;
  accounts: AkunDto[];
  today: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [akun, setAkun] = React.useState<AkunDto | null>(null);
  const [from, setFrom] = React.useState(today);
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [preview, setPreview] = React.useState<AutopostingPreviewDto | null>(null);
  React.useEffect(() => {
    setAkun(row?.current ? (accounts.find((a) => a.id === row.current!.akun_id) ?? null) : null);
    setFrom(today);
    setErrors([]);
    setPreview(null);
  }, [row, accounts, today]);
  const save = useMutation(
    trpc.finance.autoposting.update.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        await qc.invalidateQueries({ queryKey: trpc.finance.autoposting.pathKey() });
        onClose();
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const previewer = useMutation(
    trpc.finance.autoposting.preview.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: (d) => setPreview(d),
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  if (!row) return null;
  const sample = row.sample;
  const fieldError = (f: string) => errors.find((e) => e.field === f)?.message;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setErrors([]);
    if (!akun) return setErrors([{ field: 'akun', message: 'Akun wajib dipilih' }]);
    save.mutate({ key: row.key, data: { akun: akun.id, effective_from: from } });
  };
  const runPreview = () => {
    if (!sample) return;
    setErrors([]);
    previewer.mutate({
      source_type: sample.source_type,
      source: sample.source,
      date: from || undefined,
      change: akun ? { key: row.key, akun: akun.id } : undefined,
    });
  };
  return (
    <Dialog open onOpenChange={(o) => !o && !save.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Ubah Jurnal Otomatis: {row.label}</DialogTitle>
            <DialogDescription>
              Versi baru berlaku mulai tanggal yang dipilih; versi lama tetap tersimpan sebagai riwayat. Jurnal yang
              sudah diposting tidak berubah.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="autopost-akun">Akun</Label>
            <AkunPicker
              id="autopost-akun"
              value={akun}
              onChange={(a) => {
                setAkun(a);
                setPreview(null);
              }}
              accounts={accounts}
              invalid={!!fieldError('akun')}
            />
            {fieldError('akun') ? <p className="text-sm text-destructive">{fieldError('akun')}</p> : null}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="autopost-from">Berlaku mulai</Label>
            <Input
              id="autopost-from"
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={!!fieldError('effective_from')}
            />
            {fieldError('effective_from') ? (
              <p className="text-sm text-destructive">{fieldError('effective_from')}</p>
            ) : null}
          </div>
          <section className="grid gap-2 rounded-md border p-3" aria-label="Pratinjau">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                {sample
                  ? `Pratinjau dokumen terakhir: ${sample.code} (${formatDate(sample.transaction_at)})`
                  : 'Belum ada dokumen yang memakai pengaturan ini untuk dipratinjau.'}
              </p>
              <Button type="button" variant="outline" disabled={!sample || previewer.isPending} onClick={runPreview}>
                Pratinjau
              </Button>
            </div>
            {preview ? <PreviewTable preview={preview} /> : null}
          </section>
          {row.history.length ? (
            <section className="grid gap-1" aria-label="Riwayat">
              <h3 className="text-sm font-medium">Riwayat</h3>
              <ul className="grid gap-1 text-sm">
                {row.history.map((h) => (
                  <li key={h.id} className="flex flex-wrap justify-between gap-2 border-b py-1">
                    <span>
                      <span className="font-mono text-xs">{h.akun}</span> {h.akunname}
                    </span>
                    <span className="text-muted-foreground">
                      mulai {formatDate(h.effective_from)}
                      {h.created_by ? ` · ${h.created_by}` : ' · bawaan'}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <ErrorList items={errors.filter((e) => e.field !== 'akun' && e.field !== 'effective_from')} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Batal
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="autoposting-save">
              Simpan
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PreviewTable({ preview }: { preview: AutopostingPreviewDto }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th className="py-1 pr-2">Akun</th>
            <th className="py-1 pr-2 text-right">Debit</th>
            <th className="py-1 text-right">Kredit</th>
          </tr>
        </thead>
        <tbody>
          {preview.lines.map((l, i) => (
            <tr key={i} className="border-t">
              <td className="py-1 pr-2">
                <span className="font-mono text-xs">{l.akun}</span> {l.akunname}
                {l.akun !== l.posted_akun ? (
                  <span className="block text-xs text-amber-700">sebelumnya {l.posted_akun}</span>
                ) : null}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">{l.debit ? formatRupiah(l.debit) : ''}</td>
              <td className="py-1 text-right tabular-nums">{l.credit ? formatRupiah(l.credit) : ''}</td>
            </tr>
          ))}
          <tr className="border-t font-medium">
            <td className="py-1 pr-2">Total</td>
            <td className="py-1 pr-2 text-right tabular-nums">{formatRupiah(preview.debit)}</td>
            <td className="py-1 text-right tabular-nums">{formatRupiah(preview.credit)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
