import { describe, expect, it } from 'vitest';
import {
  defaultPrivileges,
  LAUNCHER,
  launcherFor,
  ROLE_IDS,
  TOPLEVEL_IDS,
  type AccessSubject,
  type RoleName,
} from '@klinik/shared';
import { launcherView } from './launcher';

const subject = (role: RoleName, roletoplevel = 0): AccessSubject => ({
  role: ROLE_IDS[role],
  rolename: role,
  roletoplevel,
  previleges: defaultPrivileges(role),
});

describe('launcherView (spec 2.1)', () => {
  const manager = launcherFor(subject('manager'));

  it('shows 8 entries by default and tells how many are hidden', () => {
    const v = launcherView(manager, '', false, 7);
    expect(v.entries).toHaveLength(8);
    expect(v.hidden).toBe(manager.length - 8);
    expect(v.entries.map((e) => e.key)).toEqual(manager.slice(0, 8).map((e) => e.key));
  });

  it('shows all with the toggle', () => {
    const v = launcherView(manager, '', true, 7);
    expect(v.entries).toHaveLength(manager.length);
    expect(v.hidden).toBe(0);
  });

  it('replaces {id} with the user id', () => {
    const v = launcherView(launcherFor(subject('dokter')), '', true, 42);
    expect(v.entries.find((e) => e.key === 'my-activity')?.route).toBe('/user/42');
    expect(v.entries.find((e) => e.key === 'my-income')?.route).toBe('/user/42/finance');
  });

  it('filters by name case-insensitively and shows every match, beyond the default 8', () => {
    const owner = launcherFor(subject('manager', TOPLEVEL_IDS.owner));
    expect(owner).toHaveLength(LAUNCHER.length);
    const v = launcherView(owner, '  mASTER ', false, 1);
    const expected = LAUNCHER.filter((e) => e.name.toLowerCase().includes('master')).map((e) => e.key);
    expect(expected.length).toBeGreaterThan(2);
    expect(v.entries.map((e) => e.key)).toEqual(expected);
    expect(v.hidden).toBe(0);

    const many = launcherView(owner, 'a', false, 1);
    expect(many.entries.length).toBeGreaterThan(8);
  });

  it('searches the other pages too, by name or everyday word, after the tiles (issue 26)', () => {
    const till = { key: 'nav:/service/payment', name: 'Pembayaran', route: '/service/payment', roles: [], icon: 'x' };
    const other = {
      key: 'nav:/service/kunjungan',
      name: 'Kunjungan',
      route: '/service/kunjungan',
      roles: [],
      icon: 'x',
    };
    const searchable = [...manager.filter((e) => e.route !== till.route), { ...till, words: 'kasir' }, other];
    expect(launcherView(manager, 'KASIR', false, 1, 8, searchable).entries.map((e) => e.route)).toEqual([
      '/service/payment',
    ]);
    expect(launcherView(manager, 'kunjungan', false, 1, 8, searchable).entries.map((e) => e.key)).toContain(other.key);
    // Without a search the tiles stay as they are.
    expect(launcherView(manager, '', true, 1, 8, searchable).entries).toHaveLength(manager.length);
  });

  it('finds nothing for a name no entry has', () => {
    expect(launcherView(manager, 'zzz', false, 1).entries).toEqual([]);
  });

  it('shows fewer than 8 without a hidden count when the role has fewer entries', () => {
    const inv = launcherFor(subject('investor'));
    const v = launcherView(inv, '', false, 1);
    expect(v.entries).toHaveLength(inv.length);
    expect(v.hidden).toBe(0);
  });
});
