import { SATUSEHAT_ACCESS } from '@klinik/shared';

/**
 * SATUSEHAT (issue 31): settings, mappings and the data page are the backoffice's, for the top-level roles (owner,
 * developer and the backoffice managers; docs/decisions.md). Everything is the current branch's: settings
 * are branch data (an owner switches branch to configure another; the settings list shows every branch to read).
 */
export const satusehatAccess = SATUSEHAT_ACCESS;
