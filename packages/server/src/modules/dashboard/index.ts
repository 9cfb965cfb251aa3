/** The dashboard module's front door: the home page's cards (issue 16). */
export { dashboardRouter } from './router.js';
export { dashboardEndpoints } from './endpoints.js';
export { changeOf, type DashboardCard, type DashboardDates } from '../../lib/dashboard-card.js';
