import { FileText } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** PDF payslips of an approved run: one employee's, or all of them in one file (bulk print). */
export function PayslipButtons({ run, employee }: { run: number; employee?: number }) {
  const href =
    employee === undefined
      ? `/api/attendance/payroll/run/${run}/payslip`
      : `/api/attendance/payroll/run/${run}/payslip?employee=${employee}`;
  return (
    <Button asChild size="sm" variant="outline">
      <a
        href={href}
        target="_blank"
        rel="noopener"
        data-testid={employee === undefined ? 'payslip-all' : `payslip-${employee}`}
      >
        <FileText /> {employee === undefined ? 'Cetak Semua Slip' : 'Slip'}
      </a>
    </Button>
  );
}
