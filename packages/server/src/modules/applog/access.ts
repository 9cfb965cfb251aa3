import { access, STAFF_ROLE_NAMES } from '@klinik/shared';

/** My Menu (announcements, approvals, activity): every staff role except investor (spec 6). */
export const myMenuAccess = access.roles(...STAFF_ROLE_NAMES.filter((r) => r !== 'investor'), 'toplevel');
