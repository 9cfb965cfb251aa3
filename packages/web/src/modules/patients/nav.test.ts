import { describe, expect, it } from 'vitest';
import { defaultPrivileges, ROLE_IDS, type RoleName, type SessionUserDto } from '@klinik/shared';
import { CLINIC_NAV, visibleNav } from '../../layouts/nav';
import { routeByPath } from '../../app/routes';

function user(role: RoleName): SessionUserDto {
  return {
    id: 1,
    name: 'Uji',
    role: ROLE_IDS[role],
    rolename: role,
    roletoplevel: 0,
    roletoplevelname: '',
    profile_id: 1,
    shift_id: null,
    initial: 'U',
    username: role,
    avatarurl: null,
    previleges: defaultPrivileges(role),
    profile: {
      id: 1,
      name: 'Klinik Uji',
      address: null,
      phone: null,
      email: null,
      logo: null,
      logourl: null,
      status: 1,
      timezone: 'Asia/Jakarta',
      city: null,
    },
  };
}

const navPaths = (role: RoleName) => visibleNav(CLINIC_NAV, user(role)).flatMap((g) => g.items.map((i) => i.path));

describe("'Data Pasien' route and nav entry", () => {
  it('is a built page, no longer planned', () => {
    expect(routeByPath('/service/customer')?.planned).toBe(false);
  });

  it('is offered to roles with PASIEN read, not to investors (who pass the clinic guard only)', () => {
    for (const role of ['admin', 'manager', 'dokter', 'perawat', 'multimedia', 'apoteker'] as const)
      expect(navPaths(role), role).toContain('/service/customer');
    expect(navPaths('investor')).not.toContain('/service/customer');
  });
});
