import { access } from '@klinik/shared';
import { procedure, router } from '../../http/trpc.js';
import { DASHBOARD_CARDS } from './registry.js';
import { summary } from './service.js';

/** '/' (issue 16): any signed-in user; each card checks its own access, so a patient simply gets no card. */
export const dashboardRouter = router({
  summary: procedure.meta({ access: access.auth }).query(({ ctx }) => summary(ctx, DASHBOARD_CARDS)),
});
