import type { LayoutSlots } from '../../layouts/slots';
import { DaftarPaketButton } from './components/DaftarPaketButton';

export const slots: LayoutSlots = {
  paketActions: DaftarPaketButton,
};
