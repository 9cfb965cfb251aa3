import { access } from '@klinik/shared';

/** The clinic cashier (/kasir/payment, /service/payment). */
export const klinikRead = access.feature('KASIR_KLINIK', 'read');
export const klinikManage = access.feature('KASIR_KLINIK', 'manage');
/** The general cashier (/kasir/sales). */
export const umumManage = access.feature('KASIR_UMUM', 'manage');
/** Either cashier: sessions, receipts, instalments at the till, voids. */
export const kasirRead = access.anyFeature(['KASIR_KLINIK', 'read'], ['KASIR_UMUM', 'read']);
export const kasirManage = access.anyFeature(['KASIR_KLINIK', 'manage'], ['KASIR_UMUM', 'manage']);
/** The cashier settings (PKP, discount limit): whoever manages finance. */
export const settingManage = access.feature('FINANCE_INCOME', 'manage');
/** /backoffice/nota: invoices of every branch. */
export const backoffice = access.toplevel();
