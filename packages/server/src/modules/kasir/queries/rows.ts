/** Row types and small helpers the kasir queries share. */
import { kasirPayment, kasirPaymentLine, kasirSession } from '../../../db/schema/index.js';

export type PaymentRow = typeof kasirPayment.$inferSelect;
export type LineRow = typeof kasirPaymentLine.$inferSelect;
export type SessionRow = typeof kasirSession.$inferSelect;

export const n = (v: unknown) => Number(v ?? 0);

/** The row with the named columns as numbers (ids and sen may arrive as text from the driver). */
export function numbered<T extends object>(row: T, ...keys: (keyof T)[]): T {
  const out = { ...row };
  for (const k of keys) (out as Record<keyof T, unknown>)[k] = n(row[k]);
  return out;
}
