import * as React from 'react';
import { ListFilterBar } from '../../../components/ListFilterBar';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { canFeature, formatDateTime, type MultimediaLabelDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { ActiveStatusSelect } from '../../../components/ListFilters';
import { ExportExcelButton, PageHeader } from '../../../components/PageHeader';
import { exportToExcel } from '../../../components/export-excel';
import { usePaging } from '../../../lib/use-paging';
import { Badge } from '../../../components/ui/badge';
import { ChainBadge } from '../../../components/ChainBadge';
import { Button } from '../../../components/ui/button';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { LabelDialog } from '../components/LabelDialog';

const statusText = (s: number) => (s === 1 ? 'Aktif' : 'Tidak Aktif');

/** /service/master/multimedialabel 'Label Multimedia': the branch's photo labels (create, rename, deactivate). */
export default function MultimediaLabelPage() {
  const me = useSession();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const qc = useQueryClient();
  const canManage = canFeature(me, 'MASTER_LABEL_FOTOPROGRES', 'manage');
  const { page, size, pagination, resetting } = usePaging();
  const [keyword, setKeyword] = React.useState('');
  const [status, setStatus] = React.useState('any');
  const [editing, setEditing] = React.useState<MultimediaLabelDto | 'new' | null>(null);
  const [success, setSuccess] = React.useState(false);
  const kw = useDebouncedValue(keyword.trim());
  const filters = { keyword: kw || undefined, status: status === 'any' ? undefined : Number(status) };
  const query = useQuery({
    ...trpc.multimedia.labels.queryOptions({ ...filters, page, limit: size }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });

  const columns: Column<MultimediaLabelDto>[] = [
    { key: 'name', header: 'Nama Label', cell: (r) => r.name },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (
        <div className="flex flex-wrap gap-1">
          <Badge variant={r.status === 1 ? 'default' : 'secondary'}>{statusText(r.status)}</Badge>
          <ChainBadge chainId={r.chain_id} />
        </div>
      ),
    },
    { key: 'created_at', header: 'Dibuat', cell: (r) => formatDateTime(r.created_at), className: 'whitespace-nowrap' },
    ...(canManage
      ? [
          {
            key: 'actions',
            header: '',
            className: 'text-right',
            // A label the head office keeps: the branch changes nothing of it (issue 30 item 2).
            cell: (r: MultimediaLabelDto) =>
              r.chain_id === null ? (
                <Button size="sm" variant="outline" onClick={() => setEditing(r)} aria-label={`Ubah ${r.name}`}>
                  <Pencil /> Ubah
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  const exportRows = async () => {
    const res = await client.multimedia.labels.query({ ...filters, page: 1, limit: 500 });
    await exportToExcel<MultimediaLabelDto>(
      'label-multimedia',
      [
        { header: 'Nama Label', value: 'name', width: 30 },
        { header: 'Status', value: (r) => statusText(r.status), width: 14 },
        { header: 'Dibuat', value: (r) => formatDateTime(r.created_at), width: 20 },
      ],
      res.data,
      'Label Multimedia',
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader
        title="Label Multimedia"
        description="Label foto progres pasien di cabang ini. Label tidak dihapus: nonaktifkan bila tidak dipakai lagi."
        actions={
          <>
            <ExportExcelButton onExport={exportRows} disabled={!query.data || query.data.count === 0} />
            {canManage ? (
              <Button onClick={() => setEditing('new')} data-testid="label-new">
                <Plus /> Tambah Label
              </Button>
            ) : null}
          </>
        }
      />
      <ListFilterBar keyword={keyword} onKeyword={resetting(setKeyword)} placeholder="Cari label..." label="Cari label">
        <ActiveStatusSelect value={status} onValueChange={resetting(setStatus)} triggerClassName="sm:w-44" />
      </ListFilterBar>
      <PagedQueryTable query={query} pagination={pagination} columns={columns} />
      {canManage ? (
        <LabelDialog
          label={editing === 'new' ? null : editing}
          open={editing !== null}
          onOpenChange={(o) => !o && setEditing(null)}
          onSaved={() => {
            void qc.invalidateQueries({ queryKey: trpc.multimedia.labels.pathKey() });
            setSuccess(true);
          }}
        />
      ) : null}
      <SuccessDialog open={success} onClose={() => setSuccess(false)} />
    </div>
  );
}
