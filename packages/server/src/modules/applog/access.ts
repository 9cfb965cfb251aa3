import { canFeature, MY_MENU_ACCESS, type AccessSubject } from '@klinik/shared';

/** My Menu (announcements, approvals, activity): every staff role except investor (spec 6). */
export const myMenuAccess = MY_MENU_ACCESS;

/** Who reads the whole branch's log: approval managers; everyone else their own entries and what waits for them. */
export const readsWholeLog = (u: AccessSubject) => canFeature(u, 'SETTING_APPROVAL', 'read');
