import type { PaymentDto, PaymentResultDto, SettleResultDto } from '@klinik/shared';
import { api, newIdempotencyKey } from '../../lib/api';

/** What POST /api/kasir/payment answers: the payment, or a discount waiting for approval (202). */
export type PayOutcome = PaymentResultDto | { pending: true; applog_id: number; message: string };

export async function payVisit(body: unknown, idempotencyKey: string): Promise<PayOutcome> {
  const r = await api.post<{ data: PayOutcome }>('/api/kasir/payment', body, { idempotencyKey });
  return r.data;
}

export async function payCicilan(body: unknown, idempotencyKey: string): Promise<PaymentResultDto> {
  return (await api.post<{ data: PaymentResultDto }>('/api/kasir/cicilan', body, { idempotencyKey })).data;
}

/** A further payment (pelunasan) of a visit payment that left part of the bill unpaid. */
export async function settlePayment(id: number, body: unknown, idempotencyKey: string): Promise<SettleResultDto> {
  return (await api.post<{ data: SettleResultDto }>(`/api/kasir/payment/${id}/settle`, body, { idempotencyKey })).data;
}

/** A void request; the dialog's Idempotency-Key makes a retried or double-clicked request one approval request. */
export async function voidPayment(id: number, reason: string, idempotencyKey: string) {
  return (
    await api.post<{ data: PaymentDto | { pending: true; message: string } }>(
      `/api/kasir/payment/${id}/void`,
      { reason },
      { idempotencyKey },
    )
  ).data;
}

export async function paymentOf(id: number): Promise<PaymentDto> {
  return (await api.get<{ data: PaymentDto }>(`/api/kasir/payment/${id}`)).data;
}

/** Records a print of the nota or the thermal receipt in the payment's branch (the second and later are copies). */
export async function markPrinted(id: number): Promise<{ copy: boolean }> {
  return (await api.post<{ data: { copy: boolean } }>(`/api/kasir/payment/${id}/printed`)).data;
}

export function notaUrl(id: number): string {
  return `/api/kasir/payment/${id}/nota`;
}

/**
 * Prints the A5 nota: records the print first (POST), then opens the PDF, a pure read that shows the original or,
 * once printed more than once, 'SALINAN'. The window opens at the click (popup blockers) and closes on a refusal.
 */
export async function printNota(id: number): Promise<void> {
  const win = window.open('', '_blank');
  try {
    await markPrinted(id);
  } catch (err) {
    win?.close();
    throw err;
  }
  if (win) win.location.href = notaUrl(id);
  else window.open(notaUrl(id), '_blank', 'noreferrer');
}

export { newIdempotencyKey };
