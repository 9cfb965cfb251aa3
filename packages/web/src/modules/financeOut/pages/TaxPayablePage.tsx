import * as React from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatDate,
  formatRupiah,
  parseRupiah,
  PPH_BADAN_REGIME_LABELS,
  PPH_BADAN_REGIMES,
  TAX_PAYABLE_LABELS,
  taxDepositInput,
  type ErrorItem,
  type PphBadanRegime,
  type TaxDepositDto,
  type TaxItemDto,
  type TaxPayableKind,
} from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { newIdempotencyKey, useHutangManage } from '../lib';
import { namedOptions, NativeSelect } from '../NativeSelect';
import { VoidPaymentDialog } from '../hutang/VoidPaymentDialog';

const EMPTY_TEXT: Record<TaxPayableKind, string> = {
  pph_pegawai: 'Belum ada PPh 21 pegawai yang dipotong pada masa ini (dari penggajian yang disetujui).',
  pph_doctor: 'Belum ada PPh 21 dokter pada masa ini: pemotongan muncul dari pembayaran jasa dokter.',
  pph_investor: 'Belum ada PPh investor pada masa ini: pemotongan muncul dari pembayaran bagi hasil investor.',
  pph_badan: 'Belum ada PPh badan masa ini: atur skemanya lalu tekan Hitung setelah masa berakhir.',
};

function previousMasa(today: string): string {
  const [y, m] = today.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** /finance/hutang/pajak/{tax}: a masa's withheld items by recipient, its deposits, and the PPh badan setting. */
export default function TaxPayablePage() {
  const tax = useLocation().pathname.split('/').filter(Boolean).pop() as TaxPayableKind;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const manage = useHutangManage();
  const [masa, setMasa] = React.useState(() => previousMasa(today));
  const data = useQuery(trpc.taxes.masa.queryOptions({ tax, masa }));
  const year = useQuery(trpc.taxes.year.queryOptions({ tax, year: Number(masa.slice(0, 4)) }));
  const methods = useQuery(trpc.finance.paymentMethod.list.queryOptions({ status: 1 }));
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.taxes.pathKey() });

  const [open, setOpen] = React.useState(false);
  const [voiding, setVoiding] = React.useState<TaxDepositDto | null>(null);
  const [form, setForm] = React.useState({ amount: '', billing_code: '', ntpn: '', date: today, method: '' });
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [key, setKey] = React.useState(newIdempotencyKey);
  const deposit = useMutation(
    trpc.taxes.deposit.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        setOpen(false);
        await refresh();
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const openDeposit = () => {
    setForm({ amount: String(data.data?.outstanding ?? ''), billing_code: '', ntpn: '', date: today, method: '' });
    setErrors([]);
    setKey(newIdempotencyKey());
    setOpen(true);
  };
  const submitDeposit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = taxDepositInput.safeParse({
      tax,
      masa,
      amount: parseRupiah(form.amount) ?? Number.NaN,
      billing_code: form.billing_code,
      ntpn: form.ntpn,
      date: form.date,
      method: form.method ? Number(form.method) : undefined,
    });
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((i) => ({ message: i.message, field: i.path.map(String).join('.') })));
      return;
    }
    setErrors([]);
    deposit.mutate({ ...parsed.data, idempotency_key: key });
  };
  const fe = (f: string) => errors.find((e) => e.field === f)?.message;

  const itemColumns: Column<TaxItemDto>[] = [
    { key: 'doc_date', header: 'Tanggal', kind: 'date', cell: (i) => formatDate(i.doc_date) },
    { key: 'source', header: 'Dokumen', cell: (i) => `${i.source_type} ${i.source_id}`, priority: 3 },
    { key: 'recipient', header: 'Penerima', cell: (i) => i.recipient.name ?? '-', primary: true },
    { key: 'tax_id', header: 'NIK/NPWP', cell: (i) => i.recipient.tax_id ?? '-', priority: 2 },
    { key: 'amount', header: 'Dipotong', kind: 'number', cell: (i) => formatRupiah(i.amount) },
    { key: 'paid', header: 'Disetor', kind: 'number', cell: (i) => formatRupiah(i.paid), priority: 2 },
    { key: 'outstanding', header: 'Sisa', kind: 'number', cell: (i) => formatRupiah(i.outstanding) },
  ];
  const depositColumns: Column<TaxDepositDto>[] = [
    { key: 'date', header: 'Tanggal', kind: 'date', cell: (d) => formatDate(d.date) },
    { key: 'code', header: 'Nomor', cell: (d) => <span className="font-mono text-xs">{d.code}</span>, priority: 2 },
    {
      key: 'billing',
      header: 'Kode Billing',
      cell: (d) => <span className="font-mono text-xs">{d.billing_code}</span>,
    },
    { key: 'ntpn', header: 'NTPN', cell: (d) => <span className="font-mono text-xs">{d.ntpn}</span>, primary: true },
    { key: 'method', header: 'Metode', cell: (d) => d.method?.name ?? '', priority: 3 },
    { key: 'amount', header: 'Jumlah', kind: 'number', cell: (d) => formatRupiah(d.amount) },
    { key: 'status', header: 'Status', cell: (d) => (d.status === 'posted' ? 'Tercatat' : 'Dibatalkan') },
    ...(manage
      ? [
          {
            key: 'action',
            header: '',
            kind: 'action' as const,
            cell: (d: TaxDepositDto) =>
              d.status === 'posted' ? (
                <Button size="sm" variant="outline" onClick={() => setVoiding(d)}>
                  Batalkan
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  const exportMasa = async () => {
    const m = data.data;
    if (!m) return;
    await exportToExcel(
      `${tax}-${masa}`,
      [
        { header: 'Tanggal', value: 'doc_date' },
        { header: 'Dokumen', value: (i) => `${i.source_type} ${i.source_id}`, width: 24 },
        { header: 'Penerima', value: (i) => i.recipient.name ?? '', width: 28 },
        { header: 'NIK/NPWP', value: (i) => i.recipient.tax_id ?? '', width: 20 },
        { header: 'Dipotong', value: 'amount', numFmt: '#,##0.00' },
        { header: 'Disetor', value: 'paid', numFmt: '#,##0.00' },
        { header: 'Sisa', value: 'outstanding', numFmt: '#,##0.00' },
        { header: 'Jurnal', value: (i) => i.journal?.code ?? '' },
      ],
      m.items,
      `${TAX_PAYABLE_LABELS[tax]} ${masa}`,
    );
  };
  const m = data.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-3">
      <PageHeader
        title={`Hutang ${TAX_PAYABLE_LABELS[tax]}`}
        description="Pemotongan per dokumen dan penerima, setoran dengan kode billing dan NTPN."
        actions={
          <>
            <FormField label="" htmlFor="masa">
              <Input
                id="masa"
                type="month"
                aria-label="Masa pajak"
                value={masa}
                onChange={(e) => e.target.value && setMasa(e.target.value)}
                className="w-40"
              />
            </FormField>
            <ExportExcelButton disabled={!m?.items.length} onExport={exportMasa} />
            <Button variant="outline" onClick={() => window.print()} className="print:hidden">
              Cetak
            </Button>
            {manage ? (
              <Button onClick={openDeposit} disabled={!m || m.outstanding <= 0} className="print:hidden">
                Catat Setoran
              </Button>
            ) : null}
          </>
        }
      />
      {data.isError ? <ErrorList items={errorItems(data.error)} /> : null}
      {m ? (
        <div className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
          <Card>
            <CardContent className="pt-4">
              <div className="text-muted-foreground">Dipotong</div>
              <div className="font-semibold tabular-nums">{formatRupiah(m.withheld)}</div>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="pt-4">
              <div className="text-muted-foreground">Disetor</div>
              <div className="font-semibold tabular-nums">{formatRupiah(m.deposited)}</div>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="pt-4">
              <div className="text-muted-foreground">Sisa</div>
              <div className="font-semibold tabular-nums">{formatRupiah(m.outstanding)}</div>
            </CardContent>
          </Card>
        </div>
      ) : null}
      {tax === 'pph_badan' ? <PphBadanSection masa={masa} onChange={refresh} /> : null}
      <h2 className="text-base font-semibold">Pemotongan masa {masa}</h2>
      <DataTable
        columns={itemColumns}
        rows={m?.items}
        rowKey={(i) => i.id}
        loading={data.isLoading}
        emptyText={EMPTY_TEXT[tax]}
      />
      <h2 className="text-base font-semibold">Setoran</h2>
      <DataTable
        columns={depositColumns}
        rows={m?.deposits}
        rowKey={(d) => d.id}
        loading={data.isLoading}
        emptyText="Belum ada setoran untuk masa ini"
      />
      <h2 className="text-base font-semibold">Ringkasan tahun {masa.slice(0, 4)}</h2>
      <DataTable
        columns={[
          { key: 'masa', header: 'Masa', cell: (r) => r.masa },
          { key: 'withheld', header: 'Dipotong', kind: 'number', cell: (r) => formatRupiah(r.withheld) },
          { key: 'deposited', header: 'Disetor', kind: 'number', cell: (r) => formatRupiah(r.deposited) },
          { key: 'outstanding', header: 'Sisa', kind: 'number', cell: (r) => formatRupiah(r.outstanding) },
        ]}
        rows={year.data}
        rowKey={(r) => r.masa}
        loading={year.isLoading}
        emptyText="Belum ada hutang pajak tahun ini"
        onRowClick={(r) => setMasa(r.masa)}
      />
      {manage ? <VoidPaymentDialog payment={voiding} onClose={() => setVoiding(null)} onDone={refresh} /> : null}
      <Dialog open={open} onOpenChange={(o) => !deposit.isPending && setOpen(o)}>
        <DialogContent className="max-w-md">
          <form onSubmit={submitDeposit} className="grid gap-3" noValidate>
            <DialogHeader>
              <DialogTitle>
                Setoran {TAX_PAYABLE_LABELS[tax]} masa {masa}
              </DialogTitle>
            </DialogHeader>
            <FormField label="Jumlah (Rp)" htmlFor="dep-amount" error={fe('amount')} required>
              <Input
                id="dep-amount"
                inputMode="decimal"
                value={form.amount}
                onChange={(e) => setForm({ ...form, amount: e.target.value })}
              />
            </FormField>
            <FormField label="Kode Billing (15 digit)" htmlFor="dep-billing" error={fe('billing_code')} required>
              <Input
                id="dep-billing"
                inputMode="numeric"
                value={form.billing_code}
                onChange={(e) => setForm({ ...form, billing_code: e.target.value })}
              />
            </FormField>
            <FormField label="NTPN (16 karakter)" htmlFor="dep-ntpn" error={fe('ntpn')} required>
              <Input id="dep-ntpn" value={form.ntpn} onChange={(e) => setForm({ ...form, ntpn: e.target.value })} />
            </FormField>
            <FormField label="Tanggal Setor" htmlFor="dep-date" error={fe('date')} required>
              <Input
                id="dep-date"
                type="date"
                value={form.date}
                onChange={(e) => setForm({ ...form, date: e.target.value })}
              />
            </FormField>
            <FormField label="Dibayar dari" htmlFor="dep-method" error={fe('method')} required>
              <NativeSelect
                id="dep-method"
                value={form.method}
                onChange={(method) => setForm({ ...form, method })}
                options={namedOptions(methods.data)}
                placeholder="Pilih metode pembayaran"
              />
            </FormField>
            <ErrorList
              items={errors.filter(
                (e) => !['amount', 'billing_code', 'ntpn', 'date', 'method'].includes(e.field ?? ''),
              )}
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Batal
              </Button>
              <Button type="submit" disabled={deposit.isPending}>
                Simpan Setoran
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** PPh badan: the regime per year (PP 55/2022 or PPh 25) and 'Hitung' for the masa. */
function PphBadanSection({ masa, onChange }: { masa: string; onChange: () => Promise<void> }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const manage = useHutangManage();
  const year = Number(masa.slice(0, 4));
  const settings = useQuery(trpc.taxes.badanSettings.queryOptions());
  const current = settings.data?.find((s) => s.year === year);
  const [regime, setRegime] = React.useState<PphBadanRegime>('pp55');
  const [rate, setRate] = React.useState('0,5');
  const [instalment, setInstalment] = React.useState('');
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [key, setKey] = React.useState(newIdempotencyKey);
  React.useEffect(() => {
    if (current) {
      setRegime(current.regime);
      setRate(String(current.rate).replace('.', ','));
      setInstalment(current.instalment ? String(current.instalment) : '');
    }
  }, [current]);
  const save = useMutation(
    trpc.taxes.saveBadanSetting.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        setErrors([]);
        await qc.invalidateQueries({ queryKey: trpc.taxes.badanSettings.queryKey() });
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  const calc = useMutation(
    trpc.taxes.calculateBadan.mutationOptions({
      meta: { inlineErrors: true },
      onSuccess: async () => {
        setErrors([]);
        setKey(newIdempotencyKey());
        await onChange();
      },
      onError: (e) => setErrors(errorItems(e)),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Skema PPh Badan {year}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          {current ? PPH_BADAN_REGIME_LABELS[current.regime] : 'Skema tahun ini belum diatur.'}
        </p>
        {manage ? (
          <div className="grid gap-2 sm:grid-cols-4 sm:items-end">
            <FormField label="Skema" htmlFor="badan-regime">
              <NativeSelect
                id="badan-regime"
                value={regime}
                onChange={(v) => setRegime(v as PphBadanRegime)}
                options={PPH_BADAN_REGIMES.map((r) => [r, r === 'pp55' ? 'PP 55/2022 (final)' : 'Angsuran PPh 25'])}
              />
            </FormField>
            {regime === 'pp55' ? (
              <FormField label="Tarif (%)" htmlFor="badan-rate">
                <Input id="badan-rate" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
              </FormField>
            ) : (
              <FormField label="Angsuran per bulan (Rp)" htmlFor="badan-instalment">
                <Input
                  id="badan-instalment"
                  inputMode="decimal"
                  value={instalment}
                  onChange={(e) => setInstalment(e.target.value)}
                />
              </FormField>
            )}
            <Button
              variant="outline"
              disabled={save.isPending}
              onClick={() =>
                save.mutate({
                  year,
                  regime,
                  rate: Number(rate.replace(',', '.')),
                  instalment: regime === 'pph25' ? (parseRupiah(instalment) ?? 0) : null,
                })
              }
            >
              Simpan Skema
            </Button>
            <Button disabled={calc.isPending || !current} onClick={() => calc.mutate({ masa, idempotency_key: key })}>
              Hitung Masa {masa}
            </Button>
          </div>
        ) : null}
        <ErrorList items={errors} />
      </CardContent>
    </Card>
  );
}
