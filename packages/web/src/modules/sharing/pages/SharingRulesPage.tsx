import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { formatDate, formatRupiah, isTopLevel, SHARING_BASES, type SharingRuleDto } from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { useSession } from '../../../lib/session';
import { useBranchToday } from '../../../lib/branch-today';
import { DataTable, type Column } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorRetry } from '../../../components/ErrorRetry';
import { OptionSelect } from '../../../components/OptionSelect';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { FormField } from '../../../components/ui/form';
import { ResolvePanel } from '../components/ResolvePanel';
import { SharingRuleDialog } from '../components/SharingRuleDialog';
import { ALL, ruleValue, useSharingManage, useSharingOptions } from '../lib';

/**
 * /finance/master/sharingprofit (spec 2.4, issue 29 item 1): the doctors' sharing rules with filters, 'Tambah
 * Aturan' and 'Ubah' (a used rule continues as a new version), and the 'which rule applies' panel.
 */
export default function SharingRulesPage() {
  const trpc = useTRPC();
  const me = useSession();
  const today = useBranchToday();
  const manage = useSharingManage();
  const options = useSharingOptions();
  const [doctor, setDoctor] = React.useState(ALL);
  const [perawatan, setPerawatan] = React.useState(ALL);
  const [date, setDate] = React.useState('');
  const [editing, setEditing] = React.useState<SharingRuleDto | null>(null);
  const [adding, setAdding] = React.useState(false);
  const list = useQuery(
    trpc.sharing.rules.queryOptions({
      doctor: doctor === ALL ? undefined : Number(doctor),
      perawatan: perawatan === ALL ? undefined : Number(perawatan),
      date: date || undefined,
    }),
  );
  const canEdit = (r: SharingRuleDto) => manage && (!!r.branch || isTopLevel(me));
  const columns: Column<SharingRuleDto>[] = [
    { key: 'doctor', header: 'Dokter', primary: true, cell: (r) => r.doctor?.name ?? 'Semua dokter' },
    {
      key: 'perawatan',
      header: 'Tindakan',
      cell: (r) => (r.perawatan ? `${r.perawatan.code} - ${r.perawatan.name}` : 'Semua tindakan'),
    },
    { key: 'branch', header: 'Cabang', priority: 3, cell: (r) => r.branch?.name ?? 'Semua cabang' },
    { key: 'value', header: 'Nilai', kind: 'number', cell: (r) => ruleValue(r) },
    { key: 'basis', header: 'Dasar', priority: 2, cell: (r) => SHARING_BASES[r.basis] },
    {
      key: 'min',
      header: 'Minimum',
      kind: 'number',
      priority: 3,
      cell: (r) => (r.min_fee == null ? '-' : formatRupiah(r.min_fee)),
    },
    {
      key: 'dates',
      header: 'Berlaku',
      kind: 'date',
      cell: (r) => `${formatDate(r.effective_from)} – ${r.effective_to ? formatDate(r.effective_to) : 'seterusnya'}`,
    },
    { key: 'used', header: 'Dipakai', kind: 'number', priority: 2, cell: (r) => r.used },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (r) =>
        canEdit(r) ? (
          <Button size="sm" variant="outline" onClick={() => setEditing(r)} aria-label={`Ubah aturan ${r.id}`}>
            Ubah
          </Button>
        ) : null,
    },
  ];
  const opt = options.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Sharing Profit Dokter"
        description="Bagian jasa dokter per tindakan: persentase atau nominal, dengan tanggal berlaku. Aturan paling spesifik yang menang."
        actions={
          manage ? (
            <Button onClick={() => setAdding(true)} data-testid="sharing-add">
              <Plus /> Tambah Aturan
            </Button>
          ) : null
        }
      />
      <div className="grid gap-3 sm:grid-cols-3" aria-label="Filter">
        <FormField label="Dokter" htmlFor="filter-doctor">
          <OptionSelect
            id="filter-doctor"
            value={doctor}
            onValueChange={setDoctor}
            options={[
              [ALL, 'Semua dokter'],
              ...(opt?.doctors ?? []).map((d) => [String(d.id), d.name] as [string, string]),
            ]}
          />
        </FormField>
        <FormField label="Tindakan" htmlFor="filter-perawatan">
          <OptionSelect
            id="filter-perawatan"
            value={perawatan}
            onValueChange={setPerawatan}
            options={[
              [ALL, 'Semua tindakan'],
              ...(opt?.perawatan ?? []).map((p) => [String(p.id), p.name] as [string, string]),
            ]}
          />
        </FormField>
        <FormField label="Berlaku pada tanggal" htmlFor="filter-date">
          <DateInput id="filter-date" value={date} onChange={setDate} />
        </FormField>
      </div>
      {list.isError ? (
        <ErrorRetry query={list} />
      ) : (
        <DataTable
          columns={columns}
          rows={list.data}
          rowKey={(r) => r.id}
          loading={list.isLoading}
          emptyText="Belum ada aturan sharing: jasa dokter mengikuti nilai tetap di master tindakan"
        />
      )}
      <ResolvePanel options={opt} today={today} />
      <SharingRuleDialog
        open={adding || !!editing}
        rule={editing}
        options={opt}
        today={today}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
    </div>
  );
}
