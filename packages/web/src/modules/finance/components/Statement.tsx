import { formatRupiah, fromSen, MSG, sumSen, toSen, type StatementSection } from '@klinik/shared';
import { Table, TableBody, TableCell, TableRow } from '../../../components/ui/table';

/**
 * One section of the profit and loss or balance sheet: its lines and total. `extra` rows follow the account lines
 * (e.g. the current period's profit inside equity) and count into the total; `hideTotal` leaves the total row to
 * the caller (a grand total line).
 */
export function StatementBlock({
  section,
  testId,
  extra = [],
  hideTotal = false,
}: {
  section: StatementSection;
  testId?: string;
  extra?: { label: string; amount: number; testId?: string }[];
  hideTotal?: boolean;
}) {
  // Summed in sen with the shared money helpers (exact), shown in rupiah.
  const totalSen = sumSen([toSen(section.total), ...extra.map((e) => toSen(e.amount))]);
  return (
    <Table data-testid={testId}>
      <TableBody>
        <TableRow className="bg-muted/40 hover:bg-muted/40">
          <TableCell colSpan={2} className="font-semibold">
            {section.title}
          </TableCell>
        </TableRow>
        {section.lines.length === 0 && extra.length === 0 ? (
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
        {extra.map((e) => (
          <TableRow key={e.label}>
            <TableCell className="pl-6">{e.label}</TableCell>
            <TableCell className="text-right" data-testid={e.testId}>
              {formatRupiah(e.amount)}
            </TableCell>
          </TableRow>
        ))}
        {hideTotal ? null : (
          <TableRow className="font-semibold">
            <TableCell>Total {section.title}</TableCell>
            <TableCell className="text-right" data-testid={testId ? `${testId}-total` : undefined}>
              {formatRupiah(fromSen(totalSen))}
            </TableCell>
          </TableRow>
        )}
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
