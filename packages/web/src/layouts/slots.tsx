import type { ComponentType } from 'react';
import type { SessionUserDto } from '@klinik/shared';

/**
 * Places in the layouts that feature modules fill without editing the layouts: a module exports
 * `export const slots: LayoutSlots = { ... }` from `src/modules/<name>/slots.tsx` and it is picked up here.
 * Until a module provides a slot, the layout renders nothing there.
 */
export interface LayoutSlots {
  /** Running text of the 10 latest announcements; ClinicLayout shows it at md and up in a 45 px footer. */
  announcementsFooter?: ComponentType;
  /** 'My Menu' in the clinic top bar (announcements, approvals, activity); never rendered for investors. */
  myMenu?: ComponentType<{ user: SessionUserDto }>;
  /** Replaces the finance layout's 'Baru' menu ('Periode baru', 'Jurnal Umum') with the dialogs. */
  financeNewMenu?: ComponentType;
  /** Extra actions in the paket layout's top bar (the 'Daftar Paket' button on large screens). */
  paketActions?: ComponentType;
}

const files = import.meta.glob<{ slots?: LayoutSlots }>('../modules/*/slots.tsx', { eager: true });

export const SLOTS: LayoutSlots = Object.values(files).reduce<LayoutSlots>(
  (acc, m) => ({ ...acc, ...(m.slots ?? {}) }),
  {},
);

/** The announcements footer height (spec 9). */
export const FOOTER_HEIGHT = 45;
