import * as React from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatDateTime, type SatusehatMapKind, type SatusehatMapRowDto } from '@klinik/shared';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { usePaging } from '../../../lib/use-paging';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { DataTable, type Column } from '../../../components/DataTable';
import { SearchInput } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { Tabs, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { CODE_LABEL, MapDialog } from '../components/MapDialog';

const TABS: [SatusehatMapKind | 'loinc', string][] = [
  ['location', 'Lokasi'],
  ['practitioner', 'Nakes'],
  ['patient', 'Pasien'],
  ['item', 'Obat (KFA)'],
  ['treatment', 'Tindakan (ICD-9-CM)'],
  ['loinc', 'Tanda vital (LOINC)'],
];

/**
 * /backoffice/satusehat/master (issue 31 item 2): the branch's mappings, each list showing what is not mapped yet;
 * practitioners' and patients' IHS numbers looked up by NIK one by one or in bulk.
 */
export default function SatusehatMasterPage() {
  const [tab, setTab] = React.useState<SatusehatMapKind | 'loinc'>('location');
  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Master SATUSEHAT" />
      <Tabs value={tab} onValueChange={(v) => setTab(v as SatusehatMapKind | 'loinc')}>
        <TabsList className="flex h-auto flex-wrap">
          {TABS.map(([k, label]) => (
            <TabsTrigger key={k} value={k}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
      {tab === 'loinc' ? <LoincTable /> : <MapList key={tab} kind={tab} />}
    </div>
  );
}

function LoincTable() {
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.satusehat.loinc.queryOptions({}), meta: { inlineErrors: true } });
  const columns: Column<{ name: string; code: string; display: string; unit: string }>[] = [
    { key: 'name', header: 'Tanda vital', primary: true },
    { key: 'code', header: 'LOINC' },
    { key: 'display', header: 'Nama', priority: 2 },
    { key: 'unit', header: 'Satuan' },
  ];
  return (
    <>
      {q.error ? <ErrorList items={errorItems(q.error)} /> : null}
      <DataTable columns={columns} rows={q.data} rowKey={(r) => r.name} loading={q.isPending} paginate={false} />
    </>
  );
}

function MapList({ kind }: { kind: SatusehatMapKind }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { page, size, pagination, resetting } = usePaging();
  const [keyword, setKeyword] = React.useState('');
  const [unmapped, setUnmapped] = React.useState(false);
  const [editing, setEditing] = React.useState<SatusehatMapRowDto | null>(null);
  const kw = useDebouncedValue(keyword.trim());
  const list = useQuery({
    ...trpc.satusehat.mappings.queryOptions({
      kind,
      page,
      limit: size,
      keyword: kw || undefined,
      unmapped: unmapped ? 1 : undefined,
    }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.satusehat.mappings.queryKey() });
  const lookup = useMutation(
    trpc.satusehat.lookup.mutationOptions({
      onSuccess: async (r) => {
        const more = [...r.not_found, ...r.errors];
        if (r.found) toast.success(`${r.found} nomor IHS ditemukan`);
        if (more.length) toast.warning(more.slice(0, 5).join('; '));
        if (!r.found && !more.length) toast.info('Tidak ada yang perlu dicari');
        await refresh();
      },
    }),
  );
  const people = kind === 'practitioner' || kind === 'patient';
  const columns: Column<SatusehatMapRowDto>[] = [
    { key: 'name', header: 'Nama', primary: true },
    ...(people
      ? [{ key: 'nik', header: 'NIK', priority: 2 as const, cell: (r: SatusehatMapRowDto) => r.nik ?? '-' }]
      : []),
    {
      key: 'code',
      header: CODE_LABEL[kind],
      cell: (r) => (r.code ? r.code : <span className="text-destructive">Belum dipetakan</span>),
    },
    { key: 'display', header: 'Nama di SATUSEHAT', priority: 3, cell: (r) => r.display ?? '-' },
    {
      key: 'updated_at',
      header: 'Diubah',
      kind: 'date',
      priority: 3,
      cell: (r) => (r.updated_at ? formatDateTime(r.updated_at) : '-'),
    },
    {
      key: 'action',
      header: '',
      kind: 'action',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          {people ? (
            <Button
              size="sm"
              variant="outline"
              disabled={lookup.isPending}
              onClick={() => lookup.mutate({ kind, ids: [Number(r.local_key)] })}
            >
              Cari IHS
            </Button>
          ) : null}
          <Button size="sm" variant="outline" onClick={() => setEditing(r)}>
            Ubah
          </Button>
        </div>
      ),
    },
  ];
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        {kind !== 'location' ? (
          <SearchInput
            wrapperClassName="sm:max-w-xs"
            value={keyword}
            onChange={(e) => resetting(setKeyword)(e.target.value)}
            placeholder="Cari nama..."
            aria-label="Cari nama"
          />
        ) : null}
        <div className="flex items-center gap-2">
          <Switch id="ss-unmapped" checked={unmapped} onCheckedChange={resetting(setUnmapped)} />
          <Label htmlFor="ss-unmapped">Hanya yang belum dipetakan</Label>
        </div>
        {people ? (
          <Button
            className="ml-auto"
            variant="outline"
            disabled={lookup.isPending}
            onClick={() => lookup.mutate({ kind })}
          >
            Cari semua lewat NIK
          </Button>
        ) : null}
      </div>
      {list.error ? <ErrorList items={errorItems(list.error)} /> : null}
      <DataTable
        columns={columns}
        rows={list.data?.data}
        rowKey={(r) => `${r.kind}-${r.local_key}`}
        loading={list.isPending}
        pagination={kind === 'location' ? undefined : pagination(list.data?.count)}
        paginate={kind === 'location' ? false : undefined}
      />
      {editing ? <MapDialog row={editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} /> : null}
    </>
  );
}
