import type { useTRPCClient } from '../../lib/trpc';
import { thermalHtml } from './components/thermal';

/** The app's tRPC client (`useTRPCClient()`): the cashier's calls are typed by the server's router. */
export type KasirClient = ReturnType<typeof useTRPCClient>;

/** The A5 nota of a payment: a PDF file, read as a plain link (file downloads stay outside tRPC). */
export function notaUrl(id: number): string {
  return `/api/kasir/payment/${id}/nota`;
}

/**
 * Prints the A5 nota: records the print first (kasir.markPrinted), then opens the PDF, a pure read that shows the
 * original or, once printed more than once, 'SALINAN'. The window opens at the click (popup blockers) and closes
 * on a refusal.
 */
export async function printNota(client: KasirClient, id: number): Promise<void> {
  const win = window.open('', '_blank');
  try {
    await client.kasir.markPrinted.mutate({ id });
  } catch (err) {
    win?.close();
    throw err;
  }
  if (win) win.location.href = notaUrl(id);
  else window.open(notaUrl(id), '_blank', 'noreferrer');
}

/** Prints the thermal receipt of a payment (58 or 80 mm) in a new window; a reprint is marked SALINAN. */
export async function printThermal(client: KasirClient, id: number, width: 58 | 80): Promise<void> {
  const win = window.open('', '_blank', 'width=420,height=640');
  const [p, { copy }] = await Promise.all([
    client.kasir.payment.query({ id }),
    client.kasir.markPrinted.mutate({ id }),
  ]);
  const html = thermalHtml(p, { name: p.branchname, address: p.branchaddress, phone: p.branchphone }, width, copy);
  if (!win) return;
  win.document.open();
  win.document.write(html);
  win.document.close();
}
