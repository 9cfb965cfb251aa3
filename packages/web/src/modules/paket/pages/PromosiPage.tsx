import * as React from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History, Pencil, Plus } from 'lucide-react';
import { canFeature, formatDate, formatRupiah, type PaketHistoryDto, type PaketTypeDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { errorItems, useTRPC } from '../../../lib/trpc';
import { DataTable, type Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { PageHeader } from '../../../components/PageHeader';
import { Badge } from '../../../components/ui/badge';
import { ChainBadge } from '../../../components/ChainBadge';
import { Button } from '../../../components/ui/button';
import { ErrorList } from '../../../components/ui/error-list';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { statusLabel } from '../../../lib/status';
import { PaketDialog } from '../components/promosi/PaketDialog';
import { TypeDialog } from '../components/promosi/TypeDialog';
import { VersionsDialog } from '../components/promosi/VersionsDialog';
import { SearchInput } from '../../../components/ListFilters';
import { usePaging } from '../../../lib/use-paging';

export default function PromosiPage() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const me = useSession();
  const canManage = canFeature(me, 'MASTER_PAKET', 'manage');
  const [keyword, setKeyword] = React.useState('');
  const { page, size: limit, pagination, resetting } = usePaging();
  const types = useQuery({ ...trpc.paket.types.queryOptions({}), meta: { inlineErrors: true } });
  const list = useQuery({
    ...trpc.paket.history.queryOptions({ keyword: keyword.trim() || undefined, page, limit }),
    meta: { inlineErrors: true },
  });
  const [editPaket, setEditPaket] = React.useState<PaketHistoryDto | null | 'new'>(null);
  const [editType, setEditType] = React.useState<PaketTypeDto | null | 'new'>(null);
  const [versions, setVersions] = React.useState<number | null>(null);
  const [success, setSuccess] = React.useState(false);
  const saved = () => {
    setEditPaket(null);
    setEditType(null);
    void qc.invalidateQueries({ queryKey: trpc.paket.pathKey() });
    setSuccess(true);
  };

  const paketColumns: Column<PaketHistoryDto>[] = [
    { key: 'code', header: 'Kode', cell: (p) => <span className="font-mono">{p.code}</span> },
    {
      key: 'name',
      header: 'Nama',
      cell: (p) => (
        <div>
          <p>{p.name}</p>
          <p className="text-xs text-muted-foreground">
            {p.pakettypedata.name} · versi {p.version}
          </p>
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Harga',
      kind: 'number',
      cell: (p) => formatRupiah(p.price),
    },
    {
      key: 'schema',
      header: 'Pembayaran',
      cell: (p) =>
        p.installment_schema === 1
          ? `DP ${formatRupiah(p.dp_amount)} + ${p.cicilan_attempt}x ${formatRupiah(p.cicilan_amount)}`
          : 'Lunas',
    },
    { key: 'items', header: 'Isi', cell: (p) => `${p.items?.length ?? 0} item` },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <div className="flex flex-wrap gap-1">
          <Badge variant={p.status === 1 ? 'success' : 'warning'}>{statusLabel(p.status)}</Badge>
          <ChainBadge chainId={p.chain_id} />
        </div>
      ),
    },
    {
      key: 'actions',
      header: '',
      cell: (p) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" onClick={() => setVersions(p.paket_id)} aria-label={`Riwayat ${p.code}`}>
            <History />
          </Button>
          {canManage && p.chain_id == null ? (
            <Button size="sm" variant="ghost" onClick={() => setEditPaket(p)} aria-label={`Ubah ${p.code}`}>
              <Pencil />
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
  const typeColumns: Column<PaketTypeDto>[] = [
    { key: 'name', header: 'Nama' },
    { key: 'typename', header: 'Jenis' },
    { key: 'start_at', header: 'Mulai', kind: 'date', cell: (t) => formatDate(t.start_at) },
    { key: 'end_at', header: 'Berakhir', cell: (t) => (t.end_at ? formatDate(t.end_at) : '-') },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (
        <div className="flex flex-wrap gap-1">
          <Badge variant={t.status === 1 ? 'success' : 'warning'}>{statusLabel(t.status)}</Badge>
          <ChainBadge chainId={t.chain_id} />
        </div>
      ),
    },
    {
      key: 'actions',
      header: '',
      // A type or package the head office keeps: the branch changes nothing of it (issue 30 item 2).
      cell: (t) =>
        canManage && t.chain_id === null ? (
          <Button size="sm" variant="ghost" onClick={() => setEditType(t)} aria-label={`Ubah ${t.name}`}>
            <Pencil />
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-7xl gap-4">
      <PageHeader
        title="Paket Promosi"
        description="Jenis paket, paket dan isinya. Setiap perubahan paket menjadi versi baru."
      />
      <Tabs defaultValue="paket">
        <TabsList>
          <TabsTrigger value="paket">Paket</TabsTrigger>
          <TabsTrigger value="jenis">Jenis Paket</TabsTrigger>
        </TabsList>
        <TabsContent value="paket" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <SearchInput
              wrapperClassName="w-full max-w-sm"
              placeholder="Cari kode, nama atau jenis paket"
              value={keyword}
              onChange={(e) => resetting(setKeyword)(e.target.value)}
              aria-label="Cari paket"
            />
            {canManage ? (
              <Button onClick={() => setEditPaket('new')}>
                <Plus /> Paket Baru
              </Button>
            ) : null}
          </div>
          <PagedQueryTable query={list} pagination={pagination} columns={paketColumns} />
        </TabsContent>
        <TabsContent value="jenis" className="grid gap-3">
          {canManage ? (
            <div className="flex justify-end">
              <Button onClick={() => setEditType('new')}>
                <Plus /> Jenis Paket Baru
              </Button>
            </div>
          ) : null}
          {types.error ? <ErrorList items={errorItems(types.error)} /> : null}
          <DataTable columns={typeColumns} rows={types.data} rowKey={(t) => t.id} loading={types.isPending} />
        </TabsContent>
      </Tabs>
      <PaketDialog
        paket={editPaket === 'new' ? null : editPaket}
        open={editPaket !== null}
        onClose={() => setEditPaket(null)}
        onSaved={saved}
        types={types.data ?? []}
      />
      <TypeDialog
        type={editType === 'new' ? null : editType}
        open={editType !== null}
        onClose={() => setEditType(null)}
        onSaved={saved}
      />
      <VersionsDialog paketId={versions} onClose={() => setVersions(null)} />
      <SuccessDialog open={success} onClose={() => setSuccess(false)} />
    </div>
  );
}
