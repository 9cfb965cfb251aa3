import { access, STAFF_ROLE_NAMES } from '@klinik/shared';

/** Finance reads (reports, chart, periods, journals): FINANCE_LAPORAN read (investor, finance, manager). */
export const financeRead = access.feature('FINANCE_LAPORAN', 'read');
/** Finance writes (periods, journals, reversal, close, chart, taxes): FINANCE_LAPORAN manage (finance, manager). */
export const financeManage = access.feature('FINANCE_LAPORAN', 'manage');
/** Payment methods master: MASTER_PAYMENTMETHOD manage (finance, manager, superadmin). */
export const paymentMethodManage = access.feature('MASTER_PAYMENTMETHOD', 'manage');
/** The payment method list feeds cashier screens of every staff role: names and accounts are not secret. */
export const paymentMethodRead = access.roles(...STAFF_ROLE_NAMES, 'toplevel');
