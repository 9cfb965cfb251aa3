import { lazy } from 'react';
import type { LayoutSlots } from '../../layouts/slots';

// Loaded when a layout renders the slot, not with every layout (issue 10).
const PengumumanFooter = lazy(() =>
  import('./components/PengumumanFooter').then((m) => ({ default: m.PengumumanFooter })),
);

export const slots: LayoutSlots = { announcementsFooter: PengumumanFooter };
