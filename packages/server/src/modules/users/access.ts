import { STAFF_ACCESS } from '@klinik/shared';

/** Any staff member (not patients): who may look people up; the service narrows further. */
export const staffAccess = STAFF_ACCESS;
