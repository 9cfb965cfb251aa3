import { lazy } from 'react';
import type { LayoutSlots } from '../../layouts/slots';

// Loaded when a layout renders the slot, not with every layout (issue 10).
const MyMenu = lazy(() => import('./components/MyMenu').then((m) => ({ default: m.MyMenu })));

export const slots: LayoutSlots = { myMenu: MyMenu };
