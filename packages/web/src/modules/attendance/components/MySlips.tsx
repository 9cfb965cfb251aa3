import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { formatRupiah, periodLabel } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';

/** 'Gaji Saya': the signed-in employee's payslips of approved runs, each as PDF. */
export function MySlips() {
  const trpc = useTRPC();
  const slips = useQuery({ ...trpc.attendance.payroll.my.queryOptions(), meta: { inlineErrors: true } });
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
