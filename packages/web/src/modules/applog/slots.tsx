import type { LayoutSlots } from '../../layouts/slots';
import { MyMenu } from './components/MyMenu';

export const slots: LayoutSlots = { myMenu: MyMenu };
