import * as React from 'react';
import { useMutation } from '@tanstack/react-query';
import { Calculator, LoaderCircle } from 'lucide-react';
import {
  EMPLOYMENT_TYPES,
  PTKP_STATUSES,
  formatNumber,
  formatRupiah,
  parseRupiah,
  type ErrorItem,
  type Pph21SimInput,
  type Pph21SimResult,
} from '@klinik/shared';
import { useTRPC, errorItems } from '../../../lib/trpc';
import { PageHeader } from '../../../components/PageHeader';
import { OptionSelect } from '../../../components/OptionSelect';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { EMPLOYMENT_LABELS, MONTH_NAMES } from '../lib';

interface Row {
  bruto: string;
  iuran: string;
}

const rupiah = (v: number) => formatRupiah(v, { decimals: false });
const thisYear = new Date().getFullYear();

/** /attendance/payroll/simulator: HR tries a year of income through the payroll run's own PPh 21 engine. */
export default function Pph21SimulatorPage() {
  const trpc = useTRPC();
  const [ptkp, setPtkp] = React.useState<string>('TK/0');
  const [employment, setEmployment] = React.useState<string>('tetap');
  const [year, setYear] = React.useState(String(thisYear));
  const [startMonth, setStartMonth] = React.useState('');
  const [rows, setRows] = React.useState<Row[]>(() => MONTH_NAMES.map(() => ({ bruto: '', iuran: '' })));
  const [fill, setFill] = React.useState('');
  const [localErrors, setLocalErrors] = React.useState<ErrorItem[]>([]);
  const run = useMutation({ ...trpc.attendance.payroll.pph21.mutationOptions(), meta: { inlineErrors: true } });
  const result: Pph21SimResult | undefined = run.data;

  const setRow = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const fillAll = () => {
    setRows((rs) => rs.map((r) => ({ ...r, bruto: fill })));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const issues: ErrorItem[] = [];
    const months: Pph21SimInput['months'] = [];
    rows.forEach((r, i) => {
      if (r.bruto.trim() === '') return;
      const bruto = parseRupiah(r.bruto);
      const iuran = r.iuran.trim() === '' ? undefined : parseRupiah(r.iuran);
      if (bruto === null) issues.push({ message: `${MONTH_NAMES[i]}: bruto bukan angka rupiah`, field: `bruto.${i}` });
      if (iuran === null) issues.push({ message: `${MONTH_NAMES[i]}: iuran bukan angka rupiah`, field: `iuran.${i}` });
      if (bruto !== null && iuran !== null) months.push({ month: i + 1, bruto, iuran_pensiun: iuran });
    });
    if (months.length === 0) issues.push({ message: 'Isi penghasilan minimal satu bulan', field: 'months' });
    setLocalErrors(issues);
    if (issues.length) return;
    run.mutate({
      ptkp: ptkp as Pph21SimInput['ptkp'],
      employment: employment as Pph21SimInput['employment'],
      year: Number(year) || undefined,
      start_month: startMonth ? Number(startMonth) : undefined,
      months,
    });
  };

  const errors = localErrors.length ? localErrors : run.error ? errorItems(run.error) : [];

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Simulasi PPh 21"
        description="Tarif efektif (TER) untuk Januari sampai November; bulan terakhir yang diisi dihitung ulang setahun (Pasal 17) bagi pegawai tetap."
      />
      <form onSubmit={submit} className="grid gap-4" aria-label="Simulasi PPh 21">
        <Card>
          <CardContent className="grid gap-3 sm:grid-cols-4">
            <div className="grid gap-1.5">
              <Label htmlFor="sim-ptkp">Status PTKP</Label>
              <OptionSelect
                id="sim-ptkp"
                value={ptkp}
                onValueChange={setPtkp}
                options={PTKP_STATUSES.map((s) => [s, s] as const)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="sim-employment">Jenis pegawai</Label>
              <OptionSelect
                id="sim-employment"
                value={employment}
                onValueChange={setEmployment}
                options={EMPLOYMENT_TYPES.map((s) => [s, EMPLOYMENT_LABELS[s]] as const)}
              />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="sim-year">Tahun pajak</Label>
              <Input id="sim-year" inputMode="numeric" value={year} onChange={(e) => setYear(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="sim-start">Mulai bekerja</Label>
              <OptionSelect
                id="sim-start"
                value={startMonth || '0'}
                onValueChange={(v) => setStartMonth(v === '0' ? '' : v)}
                options={[['0', 'Bulan pertama yang diisi'], ...MONTH_NAMES.map((m, i) => [String(i + 1), m] as const)]}
              />
            </div>
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
                      <Input
                        aria-label={`Bruto ${m}`}
                        inputMode="decimal"
                        value={rows[i].bruto}
                        onChange={(e) => setRow(i, { bruto: e.target.value })}
                      />
                    </TableCell>
                    <TableCell>
                      <Input
                        aria-label={`Iuran ${m}`}
                        inputMode="decimal"
                        value={rows[i].iuran}
                        onChange={(e) => setRow(i, { iuran: e.target.value })}
                      />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ErrorList items={errors} />
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
