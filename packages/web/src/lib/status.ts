/**
 * The one label pair for a row's status across the app (issue 9 item 5): 'Aktif' and 'Tidak Aktif', never
 * 'Nonaktif'. The action that switches a row off stays a verb ('Nonaktifkan').
 */
export const ACTIVE_LABEL = 'Aktif';
export const INACTIVE_LABEL = 'Tidak Aktif';
export const STATUS_LABELS: Record<number, string> = { 1: ACTIVE_LABEL, 0: INACTIVE_LABEL };

export function statusLabel(status: number): string {
  return status === 1 ? ACTIVE_LABEL : INACTIVE_LABEL;
}
