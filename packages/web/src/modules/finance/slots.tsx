import { lazy } from 'react';
import type { LayoutSlots } from '../../layouts/slots';

// Loaded when a layout renders the slot, not with every layout (issue 10).
const FinanceNewMenu = lazy(() => import('./components/FinanceNewMenu').then((m) => ({ default: m.FinanceNewMenu })));

export const slots: LayoutSlots = {
  financeNewMenu: FinanceNewMenu,
};
