import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './ui/button';
import { pageCount, pageWindow } from './pagination';

/** Page buttons for lists that are not tables (cards, activity items): five numbers around the current page. */
export function ListPager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Halaman" className="flex flex-col items-center justify-between gap-2 py-2 text-sm sm:flex-row">
      <span className="text-muted-foreground">
        {from}-{to} dari {total}
      </span>
      <PageButtons page={page} pages={pages} onPage={onPage} />
    </nav>
  );
}

/** Previous, five page numbers around the current one, next: shared by DataTable and ListPager. */
export function PageButtons({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Halaman sebelumnya"
      >
        <ChevronLeft />
      </Button>
      {pageWindow(page, pages).map((p) => (
        <Button
          key={p}
          variant={p === page ? 'default' : 'ghost'}
          size="icon"
          className="size-8"
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Halaman ${p}`}
          onClick={() => onPage(p)}
        >
          {p}
        </Button>
      ))}
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label="Halaman berikutnya"
      >
        <ChevronRight />
      </Button>
    </div>
  );
}
