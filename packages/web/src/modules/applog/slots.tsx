import type { LayoutSlots } from '../../layouts/slots';
import { MyMenu } from './components/MyMenu';

// The menu comes with the layouts (their one chunk, issue 10): loaded when the layout rendered it, it was one more
// round trip before the first paint and then appeared in the top bar after it. Its drawer and dialog load when
// first opened.
export const slots: LayoutSlots = { myMenu: MyMenu };
