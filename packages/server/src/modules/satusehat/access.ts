import { SATUSEHAT_ACCESS } from '@klinik/shared';

/**
 * SATUSEHAT (issue 31): settings, mappings and the data page are the backoffice's, for the top-level roles (owner,
 * developer and the backoffice managers; docs/decisions.md). A manager works on their own branch; owner and
 * developer on any branch (settings are administered centrally: BRANCH is an organisation entity).
 */
export const satusehatAccess = SATUSEHAT_ACCESS;
