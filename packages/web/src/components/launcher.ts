import { LAUNCHER_DEFAULT_COUNT, type LauncherEntry } from '@klinik/shared';

export interface LauncherView {
  entries: LauncherEntry[];
  /** Entries hidden by the default limit (0 when searching or showing all). */
  hidden: number;
}

/**
 * Spec 2.1: 8 entries by default, all with the toggle; a search filters by name case-insensitively and shows
 * every match. `{id}` in a route becomes the user's id.
 */
export function launcherView(
  entries: LauncherEntry[],
  query: string,
  showAll: boolean,
  userId: number,
  limit = LAUNCHER_DEFAULT_COUNT,
): LauncherView {
  const withIds = entries.map((e) => ({ ...e, route: e.route.replace('{id}', String(userId)) }));
  const q = query.trim().toLocaleLowerCase('id');
  if (q) return { entries: withIds.filter((e) => e.name.toLocaleLowerCase('id').includes(q)), hidden: 0 };
  if (showAll) return { entries: withIds, hidden: 0 };
  return { entries: withIds.slice(0, limit), hidden: Math.max(0, withIds.length - limit) };
}
