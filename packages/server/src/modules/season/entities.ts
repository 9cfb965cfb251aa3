import { entity } from '../../http/access-scope.js';

/**
 * A promo season runs in several branches (table `season_branch`), so it has no branch column: the admin panel's
 * rules in `access.ts` decide (top-level users every season; a superadmin only seasons of their own branch alone).
 */
export const SEASON = entity({
  name: 'season.season',
  table: 'season',
  branchColumn: null,
  unscopedBecause:
    'a season spans branches; authorizeSeason (access.ts) lets a non-top-level superadmin reach only seasons of their own branch alone (404 otherwise)',
  notFound: 'Musim promo tidak ditemukan',
});
export const seasonEntities = [SEASON];
