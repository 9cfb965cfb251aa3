import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { NotaList, notaColumns, useNotaFilters } from '../components/NotaList';
import { PageHeader } from '../../../components/PageHeader';
import { Button } from '../../../components/ui/button';
import { notaUrl } from '../print';

/** /backoffice/nota: the invoices of every branch, for top-level users. */
export default function NotaBackofficePage() {
  const trpc = useTRPC();
  const nota = useNotaFilters();
  const q = useQuery({
    ...trpc.kasir.allPayments.queryOptions(nota.input),
    meta: { inlineErrors: true },
  });
  const columns = notaColumns({
    branch: true,
    actions: (r) => (
      <Button asChild size="sm" variant="outline">
        <a href={notaUrl(r.id)} target="_blank" rel="noreferrer">
          Nota
        </a>
      </Button>
    ),
  });
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Nota" description="Nota pembayaran semua cabang." />
      <NotaList idPrefix="bo-nota" state={nota} query={q} columns={columns} />
    </div>
  );
}
