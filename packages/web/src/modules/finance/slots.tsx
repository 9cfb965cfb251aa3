import type { LayoutSlots } from '../../layouts/slots';
import { FinanceNewMenu } from './components/FinanceNewMenu';

// The menu comes with the layouts (their one chunk, issue 10): loaded when the layout rendered it, it was one more
// round trip before a finance page's first paint. Its dialogs load when first opened.
export const slots: LayoutSlots = {
  financeNewMenu: FinanceNewMenu,
};
