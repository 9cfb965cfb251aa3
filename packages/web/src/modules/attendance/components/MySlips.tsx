import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { formatDateTime, formatRupiah, periodLabel } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';

/** 'Gaji Saya': the signed-in employee's payslips of approved runs, each as PDF. */
export function MySlips() {
  const trpc = useTRPC();
  const slips = useQuery({ ...trpc.attendance.payroll.my.queryOptions(), meta: { inlineErrors: true } });
  const pay = useQuery({ ...trpc.attendance.payroll.myPay.queryOptions(), meta: { silent: true } });
  type Row = NonNullable<typeof slips.data>[number];
  const columns: Column<Row>[] = [
    {
      key: 'period',
      header: 'Periode',
      cell: (r) => periodLabel(r.period),
    },
    {
      key: 'net',
      header: 'Diterima',
      className: 'text-right',
      headerClassName: 'text-right',
      cell: (r) => formatRupiah(r.net),
    },
    {
      key: 'pdf',
      header: '',
      className: 'text-right',
      cell: (r) => (
        <Button asChild size="sm" variant="outline">
          <a href={`/api/attendance/payroll/my/payslip?run=${r.run}`} target="_blank" rel="noopener">
            <FileText /> Slip
          </a>
        </Button>
      ),
    },
  ];
  return (
    <Card data-testid="my-slips">
      <CardHeader>
        <CardTitle>Gaji Saya</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {pay.data?.has_employment ? <MyPay data={pay.data} /> : null}
        {slips.error ? <ErrorList items={errorItems(slips.error)} /> : null}
        <DataTable
          columns={columns}
          rows={slips.data}
          rowKey={(r) => r.run}
          loading={slips.isPending}
          emptyText="Belum ada slip gaji yang disetujui."
        />
      </CardContent>
    </Card>
  );
}

interface PayChange {
  base_salary?: number;
  bank_name?: string | null;
  bank_account?: string | null;
  bank_holder?: string | null;
}
interface PayData {
  base_salary: number | null;
  bank_name: string | null;
  bank_account: string | null;
  bank_holder: string | null;
  requests: {
    id: number;
    logtime: string;
    status: number;
    statusname: string;
    reason: string | null;
    requested_by: string;
    change: PayChange;
  }[];
}

const describeChange = (c: PayChange) =>
  [
    c.base_salary !== undefined ? `gaji pokok ${formatRupiah(c.base_salary)}` : null,
    c.bank_name !== undefined ? `bank ${c.bank_name ?? '-'}` : null,
    c.bank_account !== undefined ? `rekening ${c.bank_account ?? '-'}` : null,
    c.bank_holder !== undefined ? `pemilik ${c.bank_holder ?? '-'}` : null,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * The employee's own salary and bank account, and every change proposed about them with its decision (issue 25:
 * a change of pay is shown to the employee).
 */
function MyPay({ data }: { data: PayData }) {
  return (
    <div className="grid gap-1 rounded-md border p-3 text-sm" data-testid="my-pay">
      <div>
        Gaji pokok: <span className="font-medium">{formatRupiah(data.base_salary ?? 0)}</span>
      </div>
      <div>
        Rekening: {data.bank_name ?? '-'} {data.bank_account ?? ''}
        {data.bank_holder ? ` a.n. ${data.bank_holder}` : ''}
      </div>
      {data.requests.length ? (
        <ul className="mt-1 grid gap-1 text-xs text-muted-foreground">
          {data.requests.map((r) => (
            <li key={r.id}>
              {formatDateTime(r.logtime)} · {r.requested_by} mengajukan {describeChange(r.change)} ·{' '}
              <span className={r.status === 0 ? 'text-amber-700 dark:text-amber-400' : undefined}>{r.statusname}</span>
              {r.reason ? ` (${r.reason})` : ''}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
