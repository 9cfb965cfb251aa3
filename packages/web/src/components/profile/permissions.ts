import { canFeature, isTopLevel, type AccessSubject, type UserDto } from '@klinik/shared';

export interface ProfilePermissions {
  self: boolean;
  edit: boolean;
  password: boolean;
  status: boolean;
  avatar: boolean;
}

/**
 * Which profile-card actions to offer (spec 6 "Profile rules"); the server enforces the same rules:
 * self always; patients need PASIEN manage; other staff need SETTING_USER manage (top-level accounts only by
 * owner/developer). Patients have no sign-in account, so no password; nobody changes their own status.
 */
export function profilePermissions(
  me: AccessSubject & { id: number },
  target: Pick<UserDto, 'id' | 'role' | 'roletoplevel'>,
): ProfilePermissions {
  const self = me.id === target.id;
  const patient = target.role === 1;
  const manage = patient
    ? canFeature(me, 'PASIEN', 'manage')
    : canFeature(me, 'SETTING_USER', 'manage') && (target.roletoplevel === 0 || isTopLevel(me));
  return {
    self,
    edit: self || manage,
    password: !patient && (self || manage),
    status: !self && manage,
    avatar: self || manage,
  };
}
