import { access } from '@klinik/shared';
import type { DashboardCard } from '../../lib/dashboard-card.js';
import { list } from './service.js';

/** The branch's patients, as 'Data Pasien' counts them (PASIEN read). */
export const patientsDashboardCard: DashboardCard = {
  key: 'patients',
  order: 40,
  access: [access.feature('PASIEN', 'read')],
  load: async (ctx) => {
    const [all, active] = await Promise.all([
      list(ctx, { role: 1, page: 1, limit: 1 }),
      list(ctx, { role: 1, status: 1, page: 1, limit: 1 }),
    ]);
    const href = '/service/customer';
    return {
      key: 'patients',
      title: 'Pasien',
      href,
      figures: [
        { key: 'active', label: 'Pasien aktif', value: active.count, kind: 'count', href },
        { key: 'all', label: 'Semua pasien terdaftar', value: all.count, kind: 'count', href },
      ],
    };
  },
};
