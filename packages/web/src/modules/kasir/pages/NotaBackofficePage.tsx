import { PageHeader } from '../../../components/PageHeader';
import { PaymentList } from './KasirPage';

/** /backoffice/nota: the invoices of every branch, for top-level users. */
export default function NotaBackofficePage() {
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <PageHeader title="Nota" description="Nota pembayaran semua cabang." />
      <PaymentList all />
    </div>
  );
}
