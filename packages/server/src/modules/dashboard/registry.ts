import { financeDashboardCard } from '../finance/index.js';
import { paketOverdueDashboardCard, paketSalesDashboardCard } from '../paket/index.js';
import { patientsDashboardCard } from '../users/index.js';
import type { DashboardCard } from '../../lib/dashboard-card.js';

/**
 * The home page's cards. A module adds one by exporting a DashboardCard from its front door and listing it here
 * (visits, stock alerts and attendance today join when those modules land).
 */
export const DASHBOARD_CARDS: DashboardCard[] = [
  financeDashboardCard,
  paketSalesDashboardCard,
  paketOverdueDashboardCard,
  patientsDashboardCard,
];
