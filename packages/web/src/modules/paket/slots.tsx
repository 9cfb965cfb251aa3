import { lazy } from 'react';
import type { LayoutSlots } from '../../layouts/slots';

// Loaded when a layout renders the slot, not with every layout (issue 10).
const DaftarPaketButton = lazy(() =>
  import('./components/DaftarPaketButton').then((m) => ({ default: m.DaftarPaketButton })),
);

export const slots: LayoutSlots = {
  paketActions: DaftarPaketButton,
};
