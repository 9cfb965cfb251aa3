import type { LayoutSlots } from '../../layouts/slots';
import { FinanceNewMenu } from './components/FinanceNewMenu';

export const slots: LayoutSlots = {
  financeNewMenu: FinanceNewMenu,
};
