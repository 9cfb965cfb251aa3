import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { makeQueryClient } from './query';

/** A promise the test resolves by hand (a server answer that arrives when the test says). */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('invalidateQueries after a mutation (issue 30: the approved price still offered Setujui)', () => {
  it('does not keep the answer of a first fetch that began before the change', async () => {
    const qc = makeQueryClient();
    const answers = [deferred<string>(), deferred<string>()];
    let calls = 0;
    const observer = new QueryObserver(qc, {
      queryKey: ['pricelist', { keyword: 'FC' }],
      queryFn: () => answers[calls++].promise,
    });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((r) => seen.push(r.data));
    // The list's first fetch for a new search word is running (no data yet) when the approval is saved.
    await vi.waitFor(() => expect(calls).toBe(1));
    const invalidated = qc.invalidateQueries({ queryKey: ['pricelist'] });
    // The server answers the old fetch with the row still waiting, then the new one with the row approved.
    answers[0].resolve('waiting');
    await vi.waitFor(() => expect(calls).toBe(2));
    answers[1].resolve('approved');
    await invalidated;
    expect(qc.getQueryData(['pricelist', { keyword: 'FC' }])).toBe('approved');
    expect(seen).not.toContain('waiting');
    unsubscribe();
    qc.clear();
  });

  it('leaves a query with refetchType none alone (nothing would fetch it again)', async () => {
    const qc = makeQueryClient();
    const answer = deferred<string>();
    const observer = new QueryObserver(qc, { queryKey: ['x'], queryFn: () => answer.promise });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(qc.getQueryState(['x'])?.fetchStatus).toBe('fetching'));
    await qc.invalidateQueries({ queryKey: ['x'], refetchType: 'none' });
    answer.resolve('done');
    await vi.waitFor(() => expect(qc.getQueryData(['x'])).toBe('done'));
    unsubscribe();
    qc.clear();
  });
});
