import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';

/**
 * Live 'something changed' signals per branch (issue 11: the treatment queue that several screens agree on).
 *
 * A service publishes inside its transaction with `publishBranchEvent(tx.db, topic, branchId, ids)`: a
 * `pg_notify` on one channel, delivered by PostgreSQL only when the transaction commits (a rolled-back change
 * sends nothing). Every app process LISTENs on that channel once (`BranchEvents.start`) and hands each message
 * to the subscribers of the same topic and branch, e.g. the server-sent event streams of the queue pages, which
 * forward only `{ ids }` so clients refetch through their normal, branch-scoped endpoints. Nothing but ids ever
 * travels, and a subscriber never hears another branch.
 */
export const BRANCH_EVENTS_CHANNEL = 'klinik_branch_events';

export interface BranchEvent {
  topic: string;
  branch: number;
  ids: number[];
}

export async function publishBranchEvent(db: Db, topic: string, branch: number, ids: number[]): Promise<void> {
  const payload = JSON.stringify({ topic, branch, ids } satisfies BranchEvent);
  await db.execute(sql`select pg_notify(${BRANCH_EVENTS_CHANNEL}, ${payload})`);
}

export interface Subscription {
  onEvent(e: BranchEvent): void;
  /** The feed may have missed messages (listener connection lost) or the app is closing: `live` false. */
  onState(live: boolean): void;
}

export class BranchEvents {
  private subs = new Set<{ topic: string; branch: number; s: Subscription }>();
  private unlisten: (() => Promise<void>) | null = null;
  private live = true;

  async start(database: Database): Promise<void> {
    this.unlisten = await database.listen(
      BRANCH_EVENTS_CHANNEL,
      (payload) => this.dispatch(payload),
      (live) => {
        this.live = live;
        for (const x of this.subs) x.s.onState(live);
      },
    );
  }

  private dispatch(payload: string): void {
    let e: BranchEvent;
    try {
      e = JSON.parse(payload) as BranchEvent;
    } catch {
      return;
    }
    if (typeof e.topic !== 'string' || !Number.isInteger(e.branch) || !Array.isArray(e.ids)) return;
    for (const x of this.subs) if (x.topic === e.topic && x.branch === e.branch) x.s.onEvent(e);
  }

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.subs.size;
  }

  subscribe(topic: string, branch: number, s: Subscription): () => void {
    const entry = { topic, branch, s };
    this.subs.add(entry);
    return () => {
      this.subs.delete(entry);
    };
  }

  /** On app close: every open stream is told to end, then the listener stops. */
  async stop(): Promise<void> {
    for (const x of [...this.subs]) x.s.onState(false);
    this.subs.clear();
    await this.unlisten?.();
    this.unlisten = null;
  }
}
