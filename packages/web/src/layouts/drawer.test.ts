import { describe, expect, it } from 'vitest';
import { drawerOpenFor } from './drawer';

describe('drawerOpenFor (spec 2.8)', () => {
  it.each([
    '/service/kunjungan',
    '/backoffice/kunjungan',
    '/paket/sales',
    '/service/paket',
    '/paket/registration',
    '/membership/member',
    '/membership/discount',
    '/membership/point',
  ])('closes on %s at every width', (path) => {
    expect(drawerOpenFor(path, false)).toBe(false);
    expect(drawerOpenFor(path, true)).toBe(false);
  });

  it.each([
    '/service/pricelist',
    '/user/5',
    '/master/users',
    '/inventory/warehouse',
    '/finance/periode',
    '/rekammedis/soap',
    '/service/rekammedis',
    '/master/approval-rule',
  ])('closes on %s only on smaller screens', (path) => {
    expect(drawerOpenFor(path, true)).toBe(false);
    expect(drawerOpenFor(path, false)).toBe(true);
  });

  it.each([
    '/',
    '/service/visit',
    '/kasir/payment',
    '/pengumuman',
    '/dashboard/stakeholder/doctor',
    '/service/customer',
  ])('opens on %s', (path) => {
    expect(drawerOpenFor(path, false)).toBe(true);
    expect(drawerOpenFor(path, true)).toBe(true);
  });

  it('does not treat the membership module root as member/discount/point', () => {
    expect(drawerOpenFor('/membership', false)).toBe(true);
  });
});
