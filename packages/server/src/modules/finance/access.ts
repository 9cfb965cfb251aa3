import { FINANCE_ACCESS } from '@klinik/shared';

/** The rules live in @klinik/shared (module-access.ts) so the web's menus use the same ones. */
export const financeRead = FINANCE_ACCESS.read;
export const financeManage = FINANCE_ACCESS.manage;
export const paymentMethodManage = FINANCE_ACCESS.paymentMethodManage;
export const paymentMethodRead = FINANCE_ACCESS.paymentMethodRead;
