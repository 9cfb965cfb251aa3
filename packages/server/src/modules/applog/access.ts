import { MY_MENU_ACCESS } from '@klinik/shared';

/** My Menu (announcements, approvals, activity): every staff role except investor (spec 6). */
export const myMenuAccess = MY_MENU_ACCESS;
