import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Printer } from 'lucide-react';
import { formatDate, isTopLevel, isValidDate } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { useTRPC } from '../../../lib/trpc';
import { ExportExcelButton } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form';
import { BranchItems } from '../../../components/BranchItems';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { defaultRange, useActivePeriod } from '../lib';
import { useBranchToday } from '../../../lib/branch-today';
import '../print.css';
import { DateInput } from '../../../components/ui/date-input';

export interface ReportFilter {
  from: string;
  to: string;
  /** 'current' (the session's branch), 'all' (top-level only) or a branch id. */
  branch: string;
}

/**
 * The report range: the user's choice, else the range a link names, else from the active period's first day (or the
 * month's) to today in the branch. `ready` is false until the active period is known, so a report is asked for
 * once, with its final range, instead of twice (a first answer for the wrong range replaced a moment later).
 */
export function useReportFilter(defaultBranch = 'current'): [ReportFilter, (f: ReportFilter) => void, boolean] {
  const { period, loading } = useActivePeriod();
  const today = useBranchToday();
  // A link may name the range (the home page's figures do: ?from=yyyy-mm-dd&to=yyyy-mm-dd).
  const [params] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const linked = !!from && !!to && isValidDate(from) && isValidDate(to) && from <= to;
  const [chosen, setChosen] = React.useState<ReportFilter | null>(() =>
    linked ? { from, to, branch: defaultBranch } : null,
  );
  const filter = chosen ?? { ...defaultRange(today, period?.start_date), branch: defaultBranch };
  return [filter, setChosen, chosen !== null || !loading];
}

/** The query fields of a filter: empty values dropped (spec 7). */
export function branchQuery(f: ReportFilter): { profile_id?: number; isallbranch?: number } {
  if (f.branch === 'all') return { isallbranch: 1 };
  if (f.branch !== 'current') return { profile_id: Number(f.branch) };
  return {};
}

/** Date range, branch filter (top-level users), print and Excel export: the common head of every report. */
export function ReportToolbar({
  filter,
  onChange,
  onExport,
  exportDisabled,
  children,
  single,
}: {
  filter: ReportFilter;
  onChange: (f: ReportFilter) => void;
  onExport: () => Promise<void>;
  exportDisabled?: boolean;
  children?: React.ReactNode;
  /** Only an 'as of' date (balance sheet). */
  single?: boolean;
}) {
  const me = useSession();
  const top = isTopLevel(me);
  const trpc = useTRPC();
  const branches = useQuery({
    ...trpc.branches.list.queryOptions({ isallbranch: 1 }),
    enabled: top,
    meta: { silent: true },
  });
  return (
    <div className="finance-no-print mb-4 grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]">
      {single ? null : (
        <FormField label="Dari Tanggal" htmlFor="report-from">
          <DateInput
            id="report-from"
            value={filter.from}
            max={filter.to}
            onChange={(v) => v && onChange({ ...filter, from: v })}
          />
        </FormField>
      )}
      <FormField label={single ? 'Per Tanggal' : 'Sampai Tanggal'} htmlFor="report-to">
        <DateInput
          id="report-to"
          value={filter.to}
          min={single ? undefined : filter.from}
          onChange={(v) => v && onChange({ ...filter, to: v })}
        />
      </FormField>
      {top ? (
        <FormField label="Cabang" htmlFor="report-branch">
          <Select value={filter.branch} onValueChange={(v) => onChange({ ...filter, branch: v })}>
            <SelectTrigger id="report-branch">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="current">Cabang aktif</SelectItem>
              <SelectItem value="all">Semua Cabang</SelectItem>
              <BranchItems branches={branches.data} />
            </SelectContent>
          </Select>
        </FormField>
      ) : null}
      {children}
      {/* The two buttons wrap inside their cell instead of sticking out of the toolbar's card (issue 16 item 5). */}
      <div className="flex min-w-0 flex-wrap items-end gap-2">
        <Button variant="outline" onClick={() => window.print()}>
          <Printer /> Cetak
        </Button>
        <ExportExcelButton onExport={onExport} disabled={exportDisabled} />
      </div>
    </div>
  );
}

/** Title block that appears on paper (and on screen) above a report. */
export function ReportHeading({ title, filter, single }: { title: string; filter: ReportFilter; single?: boolean }) {
  return (
    <div className="mb-3">
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      <p className="text-sm text-muted-foreground">
        {single ? `Per ${formatDate(filter.to)}` : `${formatDate(filter.from)} s.d. ${formatDate(filter.to)}`}
        {filter.branch === 'all' ? ' · Semua Cabang' : ''}
      </p>
    </div>
  );
}
