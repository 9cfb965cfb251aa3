import { access } from '@klinik/shared';
import { query } from '../../http/endpoint.js';
import { DASHBOARD_CARDS } from './registry.js';
import { summary } from './service.js';

/** '/' (issue 16): any signed-in user; each card checks its own access, so a patient simply gets no card. */
export const dashboardEndpoints = {
  summary: query({
    summary: 'Ringkasan beranda (kartu sesuai hak akses)',
    access: access.auth,
    handler: (ctx) => summary(ctx, DASHBOARD_CARDS),
    rest: { method: 'GET', path: '/api/dashboard' },
  }),
};
