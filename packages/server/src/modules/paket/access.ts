import { access, PAKET_READ, PIUTANG_READ, type Action, type Resource } from '@klinik/shared';

const anyRead = (resources: Resource[]) => access.anyFeature(...resources.map((r): [Resource, Action] => [r, 'read']));

/** The package list serves /paket/promosi (MASTER_PAKET) and the registration wizard (LAYANAN_PAKET). */
export const paketRead = anyRead(PAKET_READ);
/** Membership receivables: finance reports or the membership pages. */
export const piutangRead = anyRead(PIUTANG_READ);
export const paketMasterRead = access.feature('MASTER_PAKET', 'read');
export const paketMasterManage = access.feature('MASTER_PAKET', 'manage');
export const layananRead = access.feature('LAYANAN_PAKET', 'read');
export const layananManage = access.feature('LAYANAN_PAKET', 'manage');
