/** Row types and small helpers the kasir queries share. */
import { kasirPayment, kasirPaymentLine, kasirSession } from '../../../db/schema/index.js';

export type PaymentRow = typeof kasirPayment.$inferSelect;
export type LineRow = typeof kasirPaymentLine.$inferSelect;
export type SessionRow = typeof kasirSession.$inferSelect;

export function like(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (m) => '\\' + m).toLowerCase()}%`;
}

export const n = (v: unknown) => Number(v ?? 0);
