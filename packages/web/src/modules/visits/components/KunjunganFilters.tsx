import * as React from 'react';
import { addDays, VISIT_STATUS_LABEL, VISIT_STATUSES, type VisitStatus } from '@klinik/shared';
import { DateRangeFields } from '../../../components/FilterFields';
import { SearchInput } from '../../../components/ListFilters';
import { OptionSelect } from '../../../components/OptionSelect';
import { FormField } from '../../../components/ui/form';
import { useBranchToday } from '../../../lib/branch-today';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * The state of the visit history's filter card (the branch's 'Kunjungan' and the backoffice's): the last 30 days of
 * the branch by default. `filters` is what the list query takes (the keyword debounced), `props` what
 * `KunjunganFilters` takes; `resetting` (usePaging) shows page 1 again when a filter changes.
 */
export function useKunjunganFilters(resetting: <V>(set: (value: V) => void) => (value: V) => void) {
  const today = useBranchToday();
  const [fromdate, setFrom] = React.useState(() => addDays(today, -30));
  const [todate, setTo] = React.useState(today);
  const [status, setStatus] = React.useState<VisitStatus | ''>('');
  const [keyword, setKeyword] = React.useState('');
  const kw = useDebouncedValue(keyword.trim());
  return {
    /** The dates chosen, as an export's file name shows them. */
    period: `${fromdate || 'awal'}-${todate || today}`,
    filters: {
      fromdate: fromdate || undefined,
      todate: todate || undefined,
      status: status || undefined,
      keyword: kw || undefined,
    },
    props: {
      fromdate,
      todate,
      onFrom: resetting(setFrom),
      onTo: resetting(setTo),
      status,
      onStatus: resetting(setStatus),
      keyword,
      onKeyword: resetting(setKeyword),
    },
  };
}

/**
 * The filter card of the visit history ('Kunjungan' of a branch and of the backoffice): the dates, the status and
 * the patient; `branchFilter` comes first where the list spans branches, `doctorFilter` after the dates where it is
 * one branch's. Ids: `${idPrefix}-from`, `-to`, `-status`, `-keyword`.
 */
export function KunjunganFilters({
  idPrefix,
  fromdate,
  todate,
  onFrom,
  onTo,
  status,
  onStatus,
  keyword,
  onKeyword,
  branchFilter,
  doctorFilter,
}: {
  idPrefix: string;
  fromdate: string;
  todate: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
  status: VisitStatus | '';
  onStatus: (status: VisitStatus | '') => void;
  keyword: string;
  onKeyword: (keyword: string) => void;
  branchFilter?: React.ReactNode;
  doctorFilter?: React.ReactNode;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {branchFilter}
      <DateRangeFields idPrefix={idPrefix} from={fromdate} to={todate} onFrom={onFrom} onTo={onTo} />
      {doctorFilter}
      <FormField label="Status" htmlFor={`${idPrefix}-status`}>
        <OptionSelect
          id={`${idPrefix}-status`}
          value={status || 'all'}
          onValueChange={(v) => onStatus(v === 'all' ? '' : (v as VisitStatus))}
          options={[['all', 'Semua status'], ...VISIT_STATUSES.map((s) => [s, VISIT_STATUS_LABEL[s]] as const)]}
        />
      </FormField>
      <FormField label="Pasien" htmlFor={`${idPrefix}-keyword`}>
        <SearchInput
          id={`${idPrefix}-keyword`}
          value={keyword}
          onChange={(e) => onKeyword(e.target.value)}
          placeholder="Nama, NO RM, kode..."
        />
      </FormField>
    </div>
  );
}
