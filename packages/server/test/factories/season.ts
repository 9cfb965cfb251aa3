import type { ModuleFactories } from './types.js';

/**
 * A promo season of branch B alone (made by the owner: the admin panel's route). Its own routes are unscoped (a
 * season spans branches; `authorizeSeason` decides), so the walk uses it for the references to it: a package type
 * of branch A may not name a season of branch B (`season_id`).
 */
export const seasonFactories: ModuleFactories = {
  'season.season': {
    create: async (env) => {
      const body = { name: 'Musim Uji Cabang B', start_at: '2026-01-01', end_at: '2026-12-31', branches: [env.branch] };
      return { id: (await env.post('/api/season', body, env.owner)).id, body };
    },
  },
};
