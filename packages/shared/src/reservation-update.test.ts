import { describe, expect, it } from 'vitest';
import {
  reservationCancelInput,
  reservationMoveInput,
  reservationUpdateInput,
} from './schemas/service-reservations.js';

describe('reservation update shapes (one per action form, their union on the server)', () => {
  it('a cancellation needs a reason, reported on reason', () => {
    const r = reservationCancelInput.safeParse({ status: 'batal', reason: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['reason'], message: 'Wajib diisi' });
    expect(reservationCancelInput.parse({ status: 'batal', reason: ' sakit ' })).toEqual({
      status: 'batal',
      reason: 'sakit',
    });
  });

  it('a move needs a valid date and time, reported on their fields', () => {
    const r = reservationMoveInput.safeParse({ date: '2026-02-30', time: '25:00' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['date', 'Tanggal tidak valid (format YYYY-MM-DD)'],
      ['time', 'Jam tidak valid (format JJ:MM)'],
    ]);
  });

  it('the server union still takes each shape', () => {
    expect(reservationUpdateInput.parse({ status: 'batal', reason: 'x' })).toEqual({ status: 'batal', reason: 'x' });
    expect(reservationUpdateInput.parse({ status: 'tidak_datang' })).toEqual({ status: 'tidak_datang' });
    expect(reservationUpdateInput.parse({ date: '2026-03-02', time: '09:30' })).toEqual({
      date: '2026-03-02',
      time: '09:30',
    });
    expect(reservationUpdateInput.safeParse({ status: 'batal' }).success).toBe(false);
  });
});
