import { access, STAFF_ROLE_NAMES } from '@klinik/shared';

/** Any staff member (not patients): who may look people up; the service narrows further. */
export const staffAccess = access.roles(...STAFF_ROLE_NAMES, 'toplevel');
