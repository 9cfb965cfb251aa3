import * as React from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import {
  formatDate,
  formatRupiah,
  PRICE_KIND_LABEL,
  PRICE_KINDS,
  PRICE_STATUS,
  type PriceKind,
  type PriceListEntryDto,
} from '@klinik/shared';
import { useTRPC } from '../../../lib/trpc';
import { useSession } from '../../../lib/session';
import { useBranchToday } from '../../../lib/branch-today';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePaging } from '../../../lib/use-paging';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { SearchInput } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PriceDialog } from '../components/PriceDialog';
import { PriceEditDialog } from '../components/PriceEditDialog';
import { ShadowList } from '../components/ShadowList';

const ALL = 'all';

/** A list filter: a dropdown named for screen readers. */
function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <Select value={props.value} onValueChange={props.onChange}>
      <SelectTrigger aria-label={props.label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {props.options.map(([k, label]) => (
          <SelectItem key={k} value={k}>
            {label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
type Decision = { row: PriceListEntryDto; status: 1 | 2 };

/**
 * /backoffice/pricelist 'Daftar Harga' of the chain (owner, developer): base prices and branch overrides from their
 * dates; a new price waits for a second person; a waiting or scheduled base price shows the branches whose own
 * price shadows it.
 */
export default function PricelistPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const today = useBranchToday();
  const { page, size, pagination, resetting } = usePaging();
  const [keyword, setKeyword] = React.useState('');
  const [kind, setKind] = React.useState<string>(ALL);
  const [branch, setBranch] = React.useState<string>(ALL);
  const [status, setStatus] = React.useState<string>(ALL);
  const [adding, setAdding] = React.useState(false);
  const [decision, setDecision] = React.useState<Decision | null>(null);
  const [editing, setEditing] = React.useState<PriceListEntryDto | null>(null);
  const kw = useDebouncedValue(keyword.trim());
  const branches = useQuery({ ...trpc.branches.list.queryOptions({ isallbranch: 1 }), meta: { silent: true } });
  const query = useQuery({
    ...trpc.pricelist.list.queryOptions({
      page,
      limit: size,
      keyword: kw || undefined,
      kind: kind === ALL ? undefined : (kind as PriceKind),
      profile_id: branch === ALL ? undefined : branch === 'base' ? 'base' : Number(branch),
      status: status === ALL ? undefined : Number(status),
    }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const decide = useMutation(trpc.pricelist.update.mutationOptions());
  const confirm = async () => {
    if (!decision) return;
    await decide.mutateAsync({ id: decision.row.id, data: { status: decision.status } });
    toast.success(decision.status === 1 ? 'Harga disetujui' : 'Harga dibatalkan');
    await qc.invalidateQueries({ queryKey: trpc.pricelist.pathKey() });
  };
  const columns: Column<PriceListEntryDto>[] = [
    { key: 'kind', header: 'Jenis', cell: (r) => PRICE_KIND_LABEL[r.kind], priority: 3 },
    { key: 'code', header: 'Kode', cell: (r) => r.code, className: 'whitespace-nowrap', priority: 2 },
    { key: 'name', header: 'Nama', cell: (r) => r.name ?? '-', primary: true },
    { key: 'branch', header: 'Cabang', cell: (r) => r.profile_name ?? 'Semua cabang' },
    { key: 'effective_at', header: 'Berlaku mulai', cell: (r) => formatDate(r.effective_at), kind: 'date' },
    { key: 'price', header: 'Harga', cell: (r) => formatRupiah(r.price), kind: 'number' },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <Badge variant={r.status === 1 ? 'default' : r.status === 0 ? 'secondary' : 'outline'}>{r.statusname}</Badge>
      ),
      priority: 2,
    },
    {
      key: 'shadow',
      header: 'Tidak berlaku di',
      cell: (r) => (r.profile_id === null ? <ShadowList shadows={r.shadowed_by} /> : '-'),
      priority: 3,
    },
    { key: 'by', header: 'Dibuat oleh', cell: (r) => r.created_by_name ?? 'Migrasi', priority: 3 },
    {
      key: 'actions',
      header: '',
      kind: 'action',
      cell: (r) => (
        <div className="flex justify-end gap-1">
          {r.status === 0 && r.created_by === me.id ? (
            <Button size="sm" variant="outline" onClick={() => setEditing(r)} data-testid={`price-edit-${r.id}`}>
              Ubah
            </Button>
          ) : null}
          {r.status === 0 && r.created_by !== me.id ? (
            <Button size="sm" onClick={() => setDecision({ row: r, status: 1 })} data-testid={`price-approve-${r.id}`}>
              Setujui
            </Button>
          ) : null}
          {r.status === 0 || (r.status === 1 && r.effective_at > today) ? (
            <Button size="sm" variant="outline" onClick={() => setDecision({ row: r, status: 2 })}>
              Batalkan
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  const branchOptions: [string, string][] = [
    [ALL, 'Semua harga'],
    ['base', 'Harga dasar'],
    ...(branches.data ?? []).map((b) => [String(b.id), b.name] as [string, string]),
  ];
  const d = decision?.row;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Daftar Harga"
        description="Harga dasar berlaku di semua cabang; harga cabang menggantikannya di cabang itu. Harga baru berlaku mulai tanggalnya setelah disetujui orang kedua."
        actions={
          <Button onClick={() => setAdding(true)} data-testid="price-add">
            <Plus /> Tambah Harga
          </Button>
        }
      />
      <div className="grid gap-2 sm:grid-cols-4">
        <SearchInput
          value={keyword}
          onChange={(e) => resetting(setKeyword)(e.target.value)}
          placeholder="Cari kode atau nama..."
          aria-label="Cari harga"
        />
        <FilterSelect
          label="Jenis"
          value={kind}
          onChange={resetting(setKind)}
          options={[[ALL, 'Semua jenis'], ...PRICE_KINDS.map((k) => [k, PRICE_KIND_LABEL[k]] as [string, string])]}
        />
        <FilterSelect label="Cabang" value={branch} onChange={resetting(setBranch)} options={branchOptions} />
        <FilterSelect
          label="Status"
          value={status}
          onChange={resetting(setStatus)}
          options={[[ALL, 'Semua status'], ...Object.entries(PRICE_STATUS)] as [string, string][]}
        />
      </div>
      <PagedQueryTable query={query} pagination={pagination} columns={columns} />
      <PriceDialog open={adding} today={today} onClose={() => setAdding(false)} />
      <PriceEditDialog entry={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={!!decision}
        onOpenChange={(o) => !o && setDecision(null)}
        title={decision?.status === 1 ? 'Setujui harga' : 'Batalkan harga'}
        description={
          d
            ? `${d.code} ${d.name ?? ''} · ${d.profile_name ?? 'Semua cabang'} · ${formatRupiah(d.price)} mulai ${formatDate(d.effective_at)}` +
              (d.profile_id === null && d.shadowed_by.length
                ? `. Tidak berlaku di: ${d.shadowed_by.map((s) => s.profile_name).join(', ')} (punya harga cabang).`
                : '')
            : undefined
        }
        confirmLabel={decision?.status === 1 ? 'Setujui' : 'Batalkan harga'}
        destructive={decision?.status === 2}
        onConfirm={confirm}
      />
    </div>
  );
}
