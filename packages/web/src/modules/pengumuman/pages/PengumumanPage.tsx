import * as React from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { formatDateTime, showsMyMenu, type PengumumanDto } from '@klinik/shared';
import { useSession } from '../../../lib/session';
import { useTRPC } from '../../../lib/trpc';
import type { Column } from '../../../components/DataTable';
import { PagedQueryTable } from '../../../components/PagedQueryTable';
import { SearchInput } from '../../../components/ListFilters';
import { PageHeader } from '../../../components/PageHeader';
import { usePaging } from '../../../lib/use-paging';
import { Button } from '../../../components/ui/button';
import { SuccessDialog } from '../../../components/ui/success-dialog';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PosterDialog } from '../components/PosterDialog';

const COLUMNS: Column<PengumumanDto>[] = [
  {
    key: 'posttime',
    header: 'Waktu',
    cell: (p) => formatDateTime(p.posttime),
    className: 'whitespace-nowrap text-muted-foreground',
    headerClassName: 'w-44',
  },
  {
    key: 'message',
    header: 'Pengumuman',
    cell: (p) => <span className="break-words whitespace-normal">{p.message}</span>,
  },
  { key: 'user', header: 'Oleh', cell: (p) => p.userdata.name, className: 'whitespace-nowrap' },
];

/** /pengumuman: announcements of this branch, newest first, and the poster. */
export default function PengumumanPage() {
  const trpc = useTRPC();
  const me = useSession();
  const { page, size, pagination, resetting } = usePaging();
  const [keyword, setKeyword] = React.useState('');
  const setKeywordAt1 = resetting(setKeyword);
  const [posting, setPosting] = React.useState(false);
  const [posted, setPosted] = React.useState(false);
  const kw = useDebouncedValue(keyword.trim());
  const query = useQuery({
    ...trpc.pengumuman.list.queryOptions({ page, limit: size, keyword: kw || undefined }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const canPost = showsMyMenu(me);

  return (
    <div className="mx-auto grid w-full grid-cols-[minmax(0,1fr)] max-w-5xl gap-4">
      <PageHeader
        title="Pengumuman"
        description="Sepuluh pengumuman terbaru tampil sebagai teks berjalan di bagian bawah layar."
        actions={
          canPost ? (
            <Button onClick={() => setPosting(true)}>
              <Megaphone /> Buat Pengumuman
            </Button>
          ) : null
        }
      />
      <SearchInput
        wrapperClassName="sm:max-w-sm"
        value={keyword}
        onChange={(e) => setKeywordAt1(e.target.value)}
        placeholder="Cari pengumuman..."
        aria-label="Cari pengumuman"
      />
      <PagedQueryTable query={query} pagination={pagination} columns={COLUMNS} />
      {canPost ? <PosterDialog open={posting} onOpenChange={setPosting} onPosted={() => setPosted(true)} /> : null}
      <SuccessDialog open={posted} onClose={() => setPosted(false)} />
    </div>
  );
}
