/**
 * The live event streams open in this process, by session (issue 25 finding 8). A stream belongs to the session that
 * opened it: ending the session here (logout, deactivation, a changed access: auth/session.ts) ends its streams at
 * once; a session ended by another process is noticed by the stream's own re-check (visits/events.ts) on its next
 * event or keep-alive. One session holds at most MAX_STREAMS_PER_SESSION streams (a few tabs of the queue pages).
 */
export const MAX_STREAMS_PER_SESSION = 8;

interface Stream {
  userId: number;
  end: () => void;
}
const bySession = new Map<string, Set<Stream>>();

/** Registers a stream; null when the session already holds the maximum. The answer unregisters it. */
export function openStream(sessionId: string, userId: number, end: () => void): (() => void) | null {
  let set = bySession.get(sessionId);
  if (set && set.size >= MAX_STREAMS_PER_SESSION) return null;
  if (!set) bySession.set(sessionId, (set = new Set()));
  const s: Stream = { userId, end };
  set.add(s);
  return () => {
    set.delete(s);
    if (!set.size && bySession.get(sessionId) === set) bySession.delete(sessionId);
  };
}

/** Ends the streams of one session (logout). */
export function closeSessionStreams(sessionId: string): void {
  for (const s of [...(bySession.get(sessionId) ?? [])]) s.end();
}

/** Ends every stream of a user (deactivated, access changed), optionally keeping one session's. */
export function closeUserStreams(userId: number, exceptSessionId?: string): void {
  for (const [id, set] of [...bySession])
    if (id !== exceptSessionId) for (const s of [...set]) if (s.userId === userId) s.end();
}
