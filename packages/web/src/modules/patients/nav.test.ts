import { describe, expect, it } from 'vitest';
import { type RoleName, type SessionUserDto } from '@klinik/shared';
import { CLINIC_NAV, visibleNav } from '../../layouts/nav';
import { routeByPath } from '../../app/routes';
import { sessionUser } from '../../test/session-user';

const user = (role: RoleName): SessionUserDto => sessionUser(role);

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
