import { lazyPage } from '../../app/lazy';
import type { ModulePages } from '../../app/route-types';

export const pages: ModulePages = {
  '/service/registration/schedule': lazyPage(() => import('./pages/SchedulePage')),
  '/service/registration/reservation': lazyPage(() => import('./pages/RegistrationPage')),
  '/service/reservasi': lazyPage(() => import('./pages/ReservasiPage')),
  '/service/visitreminder': lazyPage(() => import('./pages/ReminderPage')),
};
