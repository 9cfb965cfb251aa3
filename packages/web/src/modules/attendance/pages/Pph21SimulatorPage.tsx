import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, type FieldError, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { Calculator, LoaderCircle } from 'lucide-react';
import {
  EMPLOYMENT_TYPES,
  PTKP_STATUSES,
  formatNumber,
  formatRupiah,
  parseRupiah,
  pph21SimInput,
  type Pph21SimInput,
  type Pph21SimResult,
} from '@klinik/shared';
import { useTRPC, errorItems } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { OptionSelect } from '../../../components/OptionSelect';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { FormField } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { EMPLOYMENT_LABELS, MONTH_NAMES } from '../lib';

interface Row {
  bruto: string;
  iuran: string;
}

interface SimValues {
  ptkp: string;
  employment: string;
  year: string;
  /** '' = the first month filled in. */
  start_month: string;
  rows: Row[];
}

/**
 * The form read into the shared pph21SimInput: months with a bruto are sent (text that is no rupiah amount is refused
 * on its cell), then the schema's own rules; an issue of a month lands on that month's cell, named by the month.
 */
const simResolver: Resolver<SimValues, unknown, Pph21SimInput> = (values, _ctx, options) => {
  const flat: Record<string, FieldError> = {};
  const months: { month: number; bruto: unknown; iuran_pensiun: unknown }[] = [];
  const rowOf: number[] = [];
  values.rows.forEach((r, i) => {
    if (r.bruto.trim() === '') return;
    const bruto = parseRupiah(r.bruto);
    const iuran = r.iuran.trim() === '' ? undefined : parseRupiah(r.iuran);
    if (bruto === null)
      flat[`rows.${i}.bruto`] = { type: 'parse', message: `${MONTH_NAMES[i]}: bruto bukan angka rupiah` };
    if (iuran === null)
      flat[`rows.${i}.iuran`] = { type: 'parse', message: `${MONTH_NAMES[i]}: iuran bukan angka rupiah` };
    months.push({ month: i + 1, bruto, iuran_pensiun: iuran });
    rowOf.push(i);
  });
  if (Object.keys(flat).length) return { values: {}, errors: toNestErrors(flat, options) };
  const parsed = pph21SimInput.safeParse({
    ptkp: values.ptkp,
    employment: values.employment,
    year: Number(values.year) || undefined,
    start_month: values.start_month ? Number(values.start_month) : undefined,
    months,
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  for (const issue of parsed.error.issues) {
    const [head, index, key] = issue.path;
    let name: string = String(head ?? 'root');
    let message = issue.message;
    if (head === 'months' && typeof index === 'number') {
      const row = rowOf[index] ?? 0;
      name = `rows.${row}.${key === 'iuran_pensiun' ? 'iuran' : 'bruto'}`;
      message = `${MONTH_NAMES[row]}: ${issue.message}`;
    } else if (head === 'months') name = 'rows';
    flat[name] ??= { type: issue.code, message };
  }
  return { values: {}, errors: toNestErrors(flat, options) };
};

const rupiah = (v: number) => formatRupiah(v);
const thisYear = new Date().getFullYear();

/** /attendance/payroll/simulator: HR tries a year of income through the payroll run's own PPh 21 engine. */
export default function Pph21SimulatorPage() {
  const trpc = useTRPC();
  // 'Isi semua bulan dengan' only fills the month cells; it is not sent.
  const [fill, setFill] = React.useState('');
  const form = useForm<SimValues, unknown, Pph21SimInput>({
    resolver: simResolver,
    defaultValues: {
      ptkp: 'TK/0',
      employment: 'tetap',
      year: String(thisYear),
      start_month: '',
      rows: MONTH_NAMES.map(() => ({ bruto: '', iuran: '' })),
    },
  });
  const { control, register, handleSubmit, setValue, formState } = form;
  const errors = formState.errors;
  const run = useMutation({ ...trpc.attendance.payroll.pph21.mutationOptions(), meta: { inlineErrors: true } });
  const result: Pph21SimResult | undefined = run.data;

  const fillAll = () => {
    MONTH_NAMES.forEach((_, i) => setValue(`rows.${i}.bruto`, fill));
  };

  const submit = handleSubmit((input) => run.mutate(input));
  const hasFieldErrors = Object.keys(errors).length > 0;
  const serverErrors = !hasFieldErrors && run.error ? errorItems(run.error) : [];
  const rowsError = errors.rows?.message ?? errors.rows?.root?.message;

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Simulasi PPh 21"
        description="Tarif efektif (TER) untuk Januari sampai November; bulan terakhir yang diisi dihitung ulang setahun (Pasal 17) bagi pegawai tetap."
      />
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Simulasi PPh 21" noValidate>
        <Card>
          <CardContent className="grid gap-3 sm:grid-cols-4">
            <FormField label="Status PTKP" htmlFor="sim-ptkp" error={errors.ptkp}>
              <Controller
                control={control}
                name="ptkp"
                render={({ field }) => (
                  <OptionSelect
                    id="sim-ptkp"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={PTKP_STATUSES.map((s) => [s, s] as const)}
                  />
                )}
              />
            </FormField>
            <FormField label="Jenis pegawai" htmlFor="sim-employment" error={errors.employment}>
              <Controller
                control={control}
                name="employment"
                render={({ field }) => (
                  <OptionSelect
                    id="sim-employment"
                    value={field.value}
                    onValueChange={field.onChange}
                    options={EMPLOYMENT_TYPES.map((s) => [s, EMPLOYMENT_LABELS[s]] as const)}
                  />
                )}
              />
            </FormField>
            <FormField label="Tahun pajak" htmlFor="sim-year" error={errors.year}>
              <Input id="sim-year" inputMode="numeric" aria-invalid={!!errors.year} {...register('year')} />
            </FormField>
            <FormField label="Mulai bekerja" htmlFor="sim-start" error={errors.start_month}>
              <Controller
                control={control}
                name="start_month"
                render={({ field }) => (
                  <OptionSelect
                    id="sim-start"
                    value={field.value || '0'}
                    onValueChange={(v) => field.onChange(v === '0' ? '' : v)}
                    options={[
                      ['0', 'Bulan pertama yang diisi'],
                      ...MONTH_NAMES.map((m, i) => [String(i + 1), m] as const),
                    ]}
                  />
                )}
              />
            </FormField>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Penghasilan bruto per bulan</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1.5">
                <Label htmlFor="sim-fill">Isi semua bulan dengan</Label>
                <Input
                  id="sim-fill"
                  inputMode="decimal"
                  placeholder="8.000.000"
                  value={fill}
                  onChange={(e) => setFill(e.target.value)}
                />
              </div>
              <Button type="button" variant="outline" onClick={fillAll}>
                Isi
              </Button>
            </div>
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Bulan</TableHead>
                  <TableHead>Bruto (Rp)</TableHead>
                  <TableHead>Iuran JHT + JP pegawai (Rp)</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {MONTH_NAMES.map((m, i) => (
                  <TableRow key={m}>
                    <TableCell>{m}</TableCell>
                    <TableCell>
                      <FormField htmlFor={`sim-bruto-${i}`} error={errors.rows?.[i]?.bruto}>
                        <Input
                          id={`sim-bruto-${i}`}
                          aria-label={`Bruto ${m}`}
                          inputMode="decimal"
                          aria-invalid={!!errors.rows?.[i]?.bruto}
                          {...register(`rows.${i}.bruto`)}
                        />
                      </FormField>
                    </TableCell>
                    <TableCell>
                      <FormField htmlFor={`sim-iuran-${i}`} error={errors.rows?.[i]?.iuran}>
                        <Input
                          id={`sim-iuran-${i}`}
                          aria-label={`Iuran ${m}`}
                          inputMode="decimal"
                          aria-invalid={!!errors.rows?.[i]?.iuran}
                          {...register(`rows.${i}.iuran`)}
                        />
                      </FormField>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {rowsError ? <p className="text-sm font-medium text-destructive">{rowsError}</p> : null}
            <ErrorList items={serverErrors} />
            <div>
              <Button type="submit" disabled={run.isPending}>
                {run.isPending ? <LoaderCircle className="animate-spin" /> : <Calculator />}
                Hitung
              </Button>
            </div>
          </CardContent>
        </Card>
      </form>

      {result ? <SimResult result={result} /> : null}
    </div>
  );
}

function SimResult({ result }: { result: Pph21SimResult }) {
  const last = result.last;
  return (
    <Card data-testid="pph21-result">
      <CardHeader>
        <CardTitle>Hasil {result.year}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Bulan</TableHead>
              <TableHead className="text-right">Bruto</TableHead>
              <TableHead>Kategori</TableHead>
              <TableHead className="text-right">Tarif</TableHead>
              <TableHead className="text-right">PPh 21</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.months.map((m) => (
              <TableRow key={m.month} data-testid={`pph21-month-${m.month}`}>
                <TableCell>{MONTH_NAMES[m.month - 1]}</TableCell>
                <TableCell className="text-right tabular-nums">{rupiah(m.bruto)}</TableCell>
                <TableCell>{m.category ?? '-'}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {last && last.month === m.month ? 'Pasal 17' : `${formatNumber(m.rate)}%`}
                </TableCell>
                <TableCell className="text-right tabular-nums">{rupiah(m.pph21)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell colSpan={4} className="font-semibold">
                Jumlah
              </TableCell>
              <TableCell className="text-right font-semibold tabular-nums">{rupiah(result.total_pph21)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
        {last ? (
          <div className="grid gap-1 text-sm" data-testid="pph21-last">
            <div className="font-semibold">Perhitungan ulang {MONTH_NAMES[last.month - 1]} (Pasal 17)</div>
            <Line label="Penghasilan bruto setahun" value={last.bruto_setahun} />
            <Line label={`Biaya jabatan (${last.bulan_kerja} bulan kerja)`} value={-last.biaya_jabatan} />
            <Line label="Iuran JHT + JP pegawai" value={-last.iuran_pensiun} />
            <Line label="Penghasilan neto" value={last.neto} />
            <Line label="PTKP" value={-last.ptkp} />
            <Line label="PKP (dibulatkan ke bawah ribuan)" value={last.pkp} />
            <Line label="PPh 21 setahun" value={last.pph_setahun} />
            <Line label="Sudah dipotong Januari sampai bulan sebelumnya" value={-last.dipotong} />
            <Line
              label={last.pph21 < 0 ? 'Lebih dipotong, dikembalikan ke pegawai' : 'PPh 21 bulan terakhir'}
              value={last.pph21}
              strong
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Line({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 border-b py-1 ${strong ? 'font-semibold' : ''}`}>
      <span>{label}</span>
      <span className="tabular-nums">{rupiah(value)}</span>
    </div>
  );
}
