import { describe, expect, it } from 'vitest';
import { VISIT_STATUSES, VISIT_TRANSITIONS, canTransitionVisit, visitTransitionMessage } from './index.js';

describe('visit state machine', () => {
  it('moves forward one step at a time and cancels only before it ends', () => {
    expect(canTransitionVisit('menunggu', 'dipanggil')).toBe(true);
    expect(canTransitionVisit('dipanggil', 'diperiksa')).toBe(true);
    expect(canTransitionVisit('diperiksa', 'selesai')).toBe(true);
    for (const s of ['menunggu', 'dipanggil', 'diperiksa'] as const) expect(canTransitionVisit(s, 'batal')).toBe(true);
    expect(canTransitionVisit('menunggu', 'diperiksa')).toBe(false);
    expect(canTransitionVisit('menunggu', 'selesai')).toBe(false);
    expect(canTransitionVisit('selesai', 'batal')).toBe(false);
    expect(canTransitionVisit('batal', 'menunggu')).toBe(false);
    for (const s of VISIT_STATUSES) expect(canTransitionVisit(s, s)).toBe(false);
    expect(VISIT_TRANSITIONS.selesai).toEqual([]);
  });
  it('says in Indonesian which move was refused', () => {
    expect(visitTransitionMessage('selesai', 'menunggu')).toBe(
      'Status kunjungan tidak dapat diubah dari Selesai ke Menunggu',
    );
  });
});
