import * as React from 'react';
import { todayIn, type SessionUserDto } from '@klinik/shared';
import { useSessionQuery } from './session';

/** The zone a branch without one set is in (the spec's default for new branches). */
export const DEFAULT_TIME_ZONE = 'Asia/Jakarta';

/** The IANA time zone of the branch the user is working in (session `profile.timezone`). */
export function branchTimeZone(user: Pick<SessionUserDto, 'profile'> | null | undefined): string {
  return user?.profile?.timezone || DEFAULT_TIME_ZONE;
}

/** 'YYYY-MM-DD' in the user's current branch at `now` (default: the browser's clock). */
export function branchToday(user: Pick<SessionUserDto, 'profile'> | null | undefined, now: Date = new Date()): string {
  return todayIn(branchTimeZone(user), now);
}

/**
 * THE web app's "today" (issue 9 item 4): the date in the current branch's time zone, never the browser's zone and
 * never UTC, so a WITA or WIT branch (or anyone before 07:00 WIB) gets its own date. Every page or form that
 * defaults to today uses this hook; it follows a branch switch (the session changes) and the clock passing
 * midnight in the branch while the page stays open.
 */
export function useBranchToday(): string {
  const { data: user } = useSessionQuery();
  const zone = branchTimeZone(user);
  const [, setSeen] = React.useState('');
  React.useEffect(() => {
    // Re-checked once a minute: cheap, and a page left open over midnight re-renders with the new day.
    const id = setInterval(() => setSeen(todayIn(zone)), 60_000);
    return () => clearInterval(id);
  }, [zone]);
  return todayIn(zone);
}
