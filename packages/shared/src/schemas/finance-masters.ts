/** The organisation-wide payment methods and taxes (finance masters): DTOs and inputs. */
import { z, requiredText, idOf } from './common.js';
import { hasAtMostTwoDecimals } from '../money.js';

/** A master row's status: 1 active (default), 0 inactive. */
const activeStatus = z.coerce
  .number()
  .int()
  .refine((v) => v === 0 || v === 1, 'Status harus 0 atau 1')
  .default(1);

export interface PaymentMethodDto {
  id: number;
  name: string;
  type: string;
  akun_id: number;
  akuncode: string;
  akunname: string;
  status: number;
}
export const PAYMENT_METHOD_TYPES = ['tunai', 'transfer', 'debit', 'kredit', 'qris', 'lainnya'] as const;
export const paymentMethodInput = z.object({
  name: requiredText(100),
  type: z.enum(PAYMENT_METHOD_TYPES, { error: 'Jenis pembayaran tidak valid' }).default('tunai'),
  akun_id: idOf('Akun wajib dipilih'),
  status: activeStatus,
});
export type PaymentMethodInput = z.infer<typeof paymentMethodInput>;
export const paymentMethodUpdateInput = paymentMethodInput.partial();
export type PaymentMethodUpdateInput = z.infer<typeof paymentMethodUpdateInput>;

export interface PajakDto {
  id: number;
  code: string;
  name: string;
  /** Percent, e.g. 11 or 0.5. */
  rate: number;
  akun_id: number;
  akuncode: string;
  akunname: string;
  status: number;
}
export const pajakInput = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: 'Kode wajib diisi' }).min(1, 'Kode wajib diisi').max(30),
  ),
  name: requiredText(100),
  rate: z.coerce
    .number({ error: 'Tarif harus berupa angka' })
    .min(0, 'Tarif tidak boleh negatif')
    .max(100, 'Tarif maksimal 100%')
    .refine(hasAtMostTwoDecimals, 'Tarif maksimal dua angka desimal'),
  akun_id: idOf('Akun wajib dipilih'),
  status: activeStatus,
});
export type PajakInput = z.infer<typeof pajakInput>;
export const pajakUpdateInput = pajakInput.partial();
export type PajakUpdateInput = z.infer<typeof pajakUpdateInput>;
