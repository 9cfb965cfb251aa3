import { formatRupiah, type PaymentResultDto } from '@klinik/shared';
import { useTRPCClient } from '../../../lib/trpc';
import { Button } from '../../../components/ui/button';
import { printNota, printThermal } from '../print';

/** The prints of a payment: the A5 nota (PDF) and the thermal receipts. */
export function ReceiptActions({ id }: { id: number }) {
  const client = useTRPCClient();
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => void printNota(client, id)}>
        Nota PDF
      </Button>
      <Button size="sm" variant="outline" onClick={() => void printThermal(client, id, 58)}>
        Struk 58 mm
      </Button>
      <Button size="sm" variant="outline" onClick={() => void printThermal(client, id, 80)}>
        Struk 80 mm
      </Button>
    </div>
  );
}

/** What a payment just stored shows: its code, total, paid and change, and its prints. */
export function PaidCard({ r }: { r: PaymentResultDto }) {
  return (
    <div className="grid gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm" data-testid="paid-card">
      <p>
        Pembayaran <b>{r.code}</b> tersimpan. Total {formatRupiah(r.total)}, dibayar {formatRupiah(r.paid)}, kembali{' '}
        <b data-testid="paid-change">{formatRupiah(r.change)}</b>
        {r.status === 'partly' ? ' (sebagian; sisa menjadi piutang pasien)' : ''}.
      </p>
      <ReceiptActions id={r.id} />
    </div>
  );
}
