import { access } from '@klinik/shared';

/** The package list serves /paket/promosi (MASTER_PAKET) and the registration wizard (LAYANAN_PAKET). */
export const paketRead = access.anyFeature(['MASTER_PAKET', 'read'], ['LAYANAN_PAKET', 'read']);
/** Membership receivables: finance reports or the membership pages. */
export const piutangRead = access.anyFeature(['FINANCE_LAPORAN', 'read'], ['LAYANAN_MEMBERSHIP', 'read']);
export const paketMasterRead = access.feature('MASTER_PAKET', 'read');
export const paketMasterManage = access.feature('MASTER_PAKET', 'manage');
export const layananRead = access.feature('LAYANAN_PAKET', 'read');
export const layananManage = access.feature('LAYANAN_PAKET', 'manage');
