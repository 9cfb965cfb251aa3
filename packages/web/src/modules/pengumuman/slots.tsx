import type { LayoutSlots } from '../../layouts/slots';
import { PengumumanFooter } from './components/PengumumanFooter';

export const slots: LayoutSlots = { announcementsFooter: PengumumanFooter };
