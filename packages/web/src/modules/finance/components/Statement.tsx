import { formatRupiah, MSG, type StatementSection } from '@klinik/shared';
import { Table, TableBody, TableCell, TableRow } from '../../../components/ui/table';

/** One section of the profit and loss or balance sheet: its lines and total. */
export function StatementBlock({ section, testId }: { section: StatementSection; testId?: string }) {
  return (
    <Table data-testid={testId}>
      <TableBody>
        <TableRow className="bg-muted/40 hover:bg-muted/40">
          <TableCell colSpan={2} className="font-semibold">
            {section.title}
          </TableCell>
        </TableRow>
        {section.lines.length === 0 ? (
          <TableRow>
            <TableCell colSpan={2} className="text-muted-foreground">
              {MSG.empty}
            </TableCell>
          </TableRow>
        ) : (
          section.lines.map((l) => (
            <TableRow key={l.akun_id}>
              <TableCell className="pl-6">
                <span className="font-mono text-xs">{l.code}</span> {l.name}
              </TableCell>
              <TableCell className="text-right">{formatRupiah(l.amount)}</TableCell>
            </TableRow>
          ))
        )}
        <TableRow className="font-semibold">
          <TableCell>Total {section.title}</TableCell>
          <TableCell className="text-right">{formatRupiah(section.total)}</TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

export function TotalLine({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="flex justify-between border-t-2 px-2 py-2 font-semibold" data-testid={testId}>
      <span>{label}</span>
      <span className={value < 0 ? 'text-destructive' : undefined}>{formatRupiah(value)}</span>
    </div>
  );
}
