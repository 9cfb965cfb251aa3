import { LAUNCHER_DEFAULT_COUNT, type LauncherEntry } from '@klinik/shared';

/** An entry the launcher's search finds: its name, or one of the everyday words for it ('kasir'). */
export type SearchEntry = LauncherEntry & { words?: string };

export interface LauncherView {
  entries: LauncherEntry[];
  /** Entries hidden by the default limit (0 when searching or showing all). */
  hidden: number;
}

/**
 * Spec 2.1: 8 entries by default, all with the toggle; a search filters by name case-insensitively and shows
 * every match. `{id}` in a route becomes the user's id. The search looks through `searchable` (the tiles and
 * every other page the user may open, issue 26 item 7) by name and everyday words; without it, the tiles.
 */
export function launcherView(
  entries: LauncherEntry[],
  query: string,
  showAll: boolean,
  userId: number,
  limit = LAUNCHER_DEFAULT_COUNT,
  searchable: SearchEntry[] = entries,
): LauncherView {
  const withId = <T extends LauncherEntry>(e: T): T => ({ ...e, route: e.route.replace('{id}', String(userId)) });
  const withIds = entries.map(withId);
  const q = query.trim().toLocaleLowerCase('id');
  if (q) {
    const found = searchable.filter((e) => `${e.name} ${e.words ?? ''}`.toLocaleLowerCase('id').includes(q));
    return { entries: found.map(withId), hidden: 0 };
  }
  if (showAll) return { entries: withIds, hidden: 0 };
  return { entries: withIds.slice(0, limit), hidden: Math.max(0, withIds.length - limit) };
}
