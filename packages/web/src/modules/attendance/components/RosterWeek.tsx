import * as React from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Copy, LoaderCircle, Save } from 'lucide-react';
import { addDays, formatDate, type ErrorItem } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { useBranchToday } from '../../../lib/branch-today';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ErrorList } from '../../../components/ui/error-list';
import { Skeleton } from '../../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';

const DAY_NAMES = ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'];
const OFF = '';

/** Monday of the week of a date (yyyy-mm-dd). */
export function mondayOf(date: string): string {
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, wd === 0 ? -6 : 1 - wd);
}

/**
 * The roster of one week (Monday to Sunday): a shift or a day off per employee per day, saved together; the week
 * before can be copied onto it.
 */
export function RosterWeek() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const today = useBranchToday();
  const [monday, setMonday] = React.useState(() => mondayOf(today));
  const days = React.useMemo(() => Array.from({ length: 7 }, (_, i) => addDays(monday, i)), [monday]);
  const roster = useQuery({
    ...trpc.attendance.roster.get.queryOptions({ from: days[0], to: days[6] }),
    meta: { inlineErrors: true },
  });
  const employees = useQuery({ ...trpc.attendance.employees.list.queryOptions({}), meta: { inlineErrors: true } });
  const shifts = useQuery({ ...trpc.attendance.shifts.list.queryOptions(), meta: { silent: true } });
  const save = useMutation({ ...trpc.attendance.roster.save.mutationOptions(), meta: { inlineErrors: true } });
  const copy = useMutation({ ...trpc.attendance.roster.copyWeek.mutationOptions(), meta: { inlineErrors: true } });
  const [edits, setEdits] = React.useState<Record<string, string>>({});
  const [errors, setErrors] = React.useState<ErrorItem[]>([]);
  const [saved, setSaved] = React.useState<string | null>(null);
  const [confirmCopy, setConfirmCopy] = React.useState(false);

  React.useEffect(() => {
    setEdits({});
    setErrors([]);
    setSaved(null);
  }, [monday]);

  const current = (emp: number, date: string): string => {
    const k = `${emp}|${date}`;
    if (k in edits) return edits[k];
    const r = roster.data?.find((x) => x.employee === emp && x.date === date);
    return r ? String(r.shift) : OFF;
  };
  const active = (employees.data ?? []).filter((e) => e.status === 1);
  const activeShifts = (shifts.data ?? []).filter((s) => s.status === 1);
  const changed = Object.keys(edits).length;

  const submit = async () => {
    setErrors([]);
    setSaved(null);
    const items = Object.entries(edits).map(([k, v]) => {
      const [employee, date] = k.split('|');
      return { employee: Number(employee), date, shift: v === OFF ? null : Number(v) };
    });
    if (!items.length) return;
    try {
      const res = await save.mutateAsync({ items });
      setEdits({});
      setSaved(`${res.saved} jadwal disimpan.`);
      await qc.invalidateQueries({ queryKey: trpc.attendance.roster.pathKey() });
    } catch (err) {
      setErrors(errorItems(err));
    }
  };

  return (
    <Card data-testid="roster">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          Jadwal Shift {formatDate(days[0])} - {formatDate(days[6])}
        </CardTitle>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setMonday(addDays(monday, -7))}
            aria-label="Minggu sebelumnya"
          >
            <ChevronLeft />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setMonday(mondayOf(today))}>
            Minggu ini
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setMonday(addDays(monday, 7))}
            aria-label="Minggu berikutnya"
          >
            <ChevronRight />
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirmCopy(true)} disabled={copy.isPending}>
            <Copy /> Salin minggu lalu
          </Button>
          <Button size="sm" onClick={() => void submit()} disabled={!changed || save.isPending}>
            {save.isPending ? <LoaderCircle className="animate-spin" /> : <Save />} Simpan jadwal
            {changed ? ` (${changed})` : ''}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        <ErrorList items={[...(roster.error ? errorItems(roster.error) : []), ...errors]} />
        {saved ? (
          <p role="status" className="text-sm text-success">
            {saved}
          </p>
        ) : null}
        {roster.isPending || employees.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : active.length === 0 ? (
          <p className="text-sm text-muted-foreground">Belum ada pegawai aktif.</p>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Pegawai</TableHead>
                  {days.map((d) => (
                    <TableHead key={d} className="text-center">
                      {DAY_NAMES[new Date(`${d}T00:00:00Z`).getUTCDay()]} {d.slice(8, 10)}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {active.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell className="whitespace-nowrap font-medium">{e.name}</TableCell>
                    {days.map((d) => {
                      const v = current(e.id, d);
                      return (
                        <TableCell key={d} className="p-1 text-center">
                          <select
                            className={`h-8 rounded-md border bg-background px-1 text-xs ${`${e.id}|${d}` in edits ? 'border-primary' : ''}`}
                            value={v}
                            aria-label={`Shift ${e.name} ${d}`}
                            onChange={(ev) => setEdits({ ...edits, [`${e.id}|${d}`]: ev.target.value })}
                          >
                            <option value={OFF}>Libur</option>
                            {activeShifts.map((s) => (
                              <option key={s.id} value={String(s.id)}>
                                {s.name}
                              </option>
                            ))}
                          </select>
                        </TableCell>
                      );
                    })}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmCopy}
        onOpenChange={setConfirmCopy}
        title="Salin jadwal minggu lalu?"
        description={`Jadwal ${formatDate(days[0])} - ${formatDate(days[6])} diganti dengan jadwal minggu sebelumnya.`}
        confirmLabel="Salin"
        onConfirm={async () => {
          try {
            const res = await copy.mutateAsync({ from: addDays(monday, -7), to: monday });
            setEdits({});
            setSaved(`${res.copied} jadwal disalin dari minggu lalu.`);
            await qc.invalidateQueries({ queryKey: trpc.attendance.roster.pathKey() });
          } catch (err) {
            setErrors(errorItems(err));
          }
        }}
      />
    </Card>
  );
}
