/** The dashboard module's front door: the home page's cards (issue 16). */
export { dashboardRouter } from './router.js';
export { dashboardRest } from './rest.js';
export { changeOf, type DashboardCard, type DashboardDates } from './cards.js';
