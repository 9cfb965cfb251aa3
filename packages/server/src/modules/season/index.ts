/** The season module's front door ('Musim Promo', issue 30 item 6). */
export { seasonRouter } from './router.js';
export { seasonEndpoints } from './endpoints.js';
export { SEASON, seasonEntities } from './entities.js';
export { runsIn as seasonRunsIn, seasonForReport, seasonsOfBranch } from './queries.js';
