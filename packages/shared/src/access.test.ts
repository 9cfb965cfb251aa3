import { describe, expect, it } from 'vitest';
import {
  allows,
  access,
  defaultPrivileges,
  launcherFor,
  LAUNCHER,
  ROLE_IDS,
  TOPLEVEL_IDS,
  type AccessSubject,
  type RoleName,
} from './access.js';

function subject(role: RoleName, toplevel = 0): AccessSubject {
  return { role: ROLE_IDS[role], rolename: role, roletoplevel: toplevel, previleges: defaultPrivileges(role) };
}

describe('access', () => {
  it('owner and developer pass every check', () => {
    for (const tl of [TOPLEVEL_IDS.owner, TOPLEVEL_IDS.developer]) {
      const u = { ...subject('manager', tl), previleges: [] };
      expect(allows(u, access.feature('FINANCE_LAPORAN', 'manage'))).toBe(true);
      expect(allows(u, access.roles('superadmin'))).toBe(true);
      expect(allows(u, access.toplevel())).toBe(true);
      expect(launcherFor(u)).toHaveLength(LAUNCHER.length);
    }
  });
  it('manager HR passes toplevel-listed guards only', () => {
    const u = subject('perawat', TOPLEVEL_IDS.managerhr);
    expect(allows(u, access.roles('toplevel', 'manager'))).toBe(true);
    expect(allows(u, access.roles('finance'))).toBe(false);
    expect(allows(u, access.toplevel())).toBe(false);
    expect(allows(u, access.toplevel(true))).toBe(true);
  });
  it('feature checks use the privileges; manage implies read', () => {
    const admin = subject('admin');
    expect(allows(admin, access.feature('PASIEN', 'manage'))).toBe(true);
    expect(allows(admin, access.feature('PASIEN', 'read'))).toBe(true);
    expect(allows(admin, access.feature('FINANCE_LAPORAN', 'read'))).toBe(false);
    expect(allows(null, access.auth)).toBe(false);
    expect(allows(null, access.public)).toBe(true);
  });
  it('launcher entries follow spec 2.1', () => {
    const keys = (r: RoleName) => launcherFor(subject(r)).map((e) => e.key);
    expect(keys('investor')).toEqual(['home', 'my-activity', 'my-income']);
    expect(keys('dokter')).toEqual(['home', 'my-activity', 'my-income', 'visit-queue']);
    expect(keys('apoteker')).toEqual([]);
    expect(keys('finance')).toContain('fin-jurnal');
    expect(keys('finance')).toContain('payroll');
    expect(keys('finance')).not.toContain('inv-item');
    expect(keys('multimedia')).toEqual(['home', 'my-activity', 'multimedia-label', 'rekam-medis', 'multimedia-queue']);
  });
});
