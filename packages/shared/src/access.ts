/**
 * Roles, resources, guards, launcher and menu tables: the one place that says who may do what.
 * The server enforces these (deny by default); the web app only uses them to hide what a user cannot open.
 * Decisions the spec leaves open are written down in docs/decisions.md.
 */
import {
  ROLE_IDS,
  type RoleName,
  ROLE_NAMES,
  TOPLEVEL_IDS,
  type TopLevelName,
  TOPLEVEL_NAMES,
  RESOURCES,
  type Resource,
  type Action,
  type Privilege,
  DEFAULT_ROLE_PRIVILEGES,
} from './access/roles.js';
import { type LauncherEntry, LAUNCHER } from './access/launcher.js';

// The data tables (roles, resources, default privileges; guards, launcher, top menu) live under access/.
export * from './access/roles.js';
export * from './access/launcher.js';

export function roleNameOf(roleId: number): RoleName | undefined {
  return ROLE_NAMES.find((n) => ROLE_IDS[n] === roleId);
}

export function topLevelNameOf(id: number | null | undefined): TopLevelName | undefined {
  return TOPLEVEL_NAMES.find((n) => TOPLEVEL_IDS[n] === id);
}

export function defaultPrivileges(role: RoleName): Privilege[] {
  const d = DEFAULT_ROLE_PRIVILEGES[role];
  return RESOURCES.filter((r) => d.manage.includes(r) || d.read.includes(r)).map((r) => ({
    fiturcode: r,
    iscanread: true,
    iscanmanage: d.manage.includes(r),
  }));
}

/** What the access checks need to know of a signed-in user. */
export interface AccessSubject {
  role: number;
  rolename: string;
  roletoplevel: number;
  previleges: Privilege[];
}

export function isTopLevel(u: Pick<AccessSubject, 'roletoplevel'>): boolean {
  return u.roletoplevel === TOPLEVEL_IDS.owner || u.roletoplevel === TOPLEVEL_IDS.developer;
}
export function hasAnyTopLevel(u: Pick<AccessSubject, 'roletoplevel'>): boolean {
  return !!u.roletoplevel && u.roletoplevel > 0;
}

export function canFeature(u: AccessSubject, resource: Resource, action: Action): boolean {
  if (isTopLevel(u)) return true;
  const p = u.previleges.find((x) => x.fiturcode === resource);
  if (!p) return false;
  return action === 'read' ? p.iscanread || p.iscanmanage : p.iscanmanage;
}

/** A role set may contain 'toplevel', meaning any user with a non-empty top-level role. */
export type RoleSetMember = RoleName | 'toplevel';

export function inRoles(u: AccessSubject, roles: readonly RoleSetMember[]): boolean {
  if (isTopLevel(u)) return true;
  if (roles.includes('toplevel') && hasAnyTopLevel(u)) return true;
  return roles.includes(u.rolename as RoleName);
}

/**
 * What a procedure or route needs. Every server endpoint declares one of these; one without is refused.
 * - public: no session needed (login, health).
 * - auth: any signed-in staff or patient; the service itself checks ownership.
 * - feature: a resource privilege with read or manage.
 * - anyFeature: any one of several resource privileges (a read that serves two pages with different
 *   privileges, e.g. the package list for /paket/promosi and for the registration wizard). Declare this
 *   instead of `auth` plus a check in the handler, so the permission walk sees it.
 * - roles: a role set (the spec's route guards); `exact`: top-level users pass only by their own role.
 * - toplevel: owner or developer (or any top-level role with `any: true`, or also the ones `also` names).
 * - all: every one of several (a role gate and a privilege: clinical writes, docs/decisions.md issue 25).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'auth' }
  | { kind: 'feature'; resource: Resource; action: Action }
  | { kind: 'anyFeature'; features: readonly { resource: Resource; action: Action }[] }
  | { kind: 'roles'; roles: readonly RoleSetMember[]; exact?: boolean }
  | { kind: 'toplevel'; any?: boolean; also?: readonly TopLevelName[] }
  | { kind: 'all'; of: readonly Access[] };

export const access = {
  public: { kind: 'public' } as Access,
  auth: { kind: 'auth' } as Access,
  feature: (resource: Resource, action: Action): Access => ({ kind: 'feature', resource, action }),
  /** Any one of these privileges, e.g. `access.anyFeature(['MASTER_PAKET', 'read'], ['LAYANAN_PAKET', 'read'])`. */
  anyFeature: (...features: [Resource, Action][]): Access => ({
    kind: 'anyFeature',
    features: features.map(([resource, action]) => ({ resource, action })),
  }),
  roles: (...roles: RoleSetMember[]): Access => ({ kind: 'roles', roles }),
  toplevel: (any = false): Access => ({ kind: 'toplevel', any }),
  /** Owner and developer, and these top-level roles too (SATUSEHAT: also the manager operational). */
  toplevelAnd: (...also: TopLevelName[]): Access => ({ kind: 'toplevel', also }),
  /** Every one of these, e.g. a role gate and a privilege: `access.all(access.roles('dokter'), access.feature(...))`. */
  all: (...of: Access[]): Access => ({ kind: 'all', of }),
};

export function allows(u: AccessSubject | null | undefined, a: Access): boolean {
  switch (a.kind) {
    case 'public':
      return true;
    case 'auth':
      return !!u;
    case 'feature':
      return !!u && canFeature(u, a.resource, a.action);
    case 'anyFeature':
      return !!u && a.features.some((f) => canFeature(u, f.resource, f.action));
    case 'roles':
      return !!u && (a.exact ? a.roles.includes(u.rolename as RoleName) : inRoles(u, a.roles));
    case 'toplevel':
      return (
        !!u && (a.any ? hasAnyTopLevel(u) : isTopLevel(u) || !!a.also?.some((n) => TOPLEVEL_IDS[n] === u.roletoplevel))
      );
    case 'all':
      return !!u && a.of.every((x) => allows(u, x));
    default: {
      const never: never = a;
      return never;
    }
  }
}

/** Entries a user may see, in table order. Owner and developer see every entry. */
export function launcherFor(u: AccessSubject): LauncherEntry[] {
  return LAUNCHER.filter((e) => inRoles(u, e.roles));
}

/** My Menu (announcements, approvals, activity) is hidden for investors (spec 6). */
export function showsMyMenu(u: AccessSubject): boolean {
  return u.rolename !== 'investor';
}
