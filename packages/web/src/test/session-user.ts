import { defaultPrivileges, ROLE_IDS, type RoleName, type SessionUserDto } from '@klinik/shared';

/** A signed-in user of one role with its default privileges, for unit tests of menus, guards and routes. */
export function sessionUser(role: RoleName, roletoplevel = 0, id = 1): SessionUserDto {
  return {
    id,
    name: 'Uji Coba',
    role: ROLE_IDS[role],
    rolename: role,
    roletoplevel,
    roletoplevelname: '',
    profile_id: 1,
    shift_id: null,
    initial: 'UC',
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
      provincy_code: null,
      city_code: null,
      kecamatan_code: null,
      desa_code: null,
      area: { provincy: '', city: '', kecamatan: '', desa: '' },
    },
  };
}
