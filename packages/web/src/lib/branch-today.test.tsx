import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SessionUserDto } from '@klinik/shared';
import { makeQueryClient, SESSION_KEY } from './query';
import { branchToday, useBranchToday } from './branch-today';

function userIn(timezone: string): SessionUserDto {
  return {
    id: 1,
    name: 'Kasir',
    profile_id: 3,
    profile: { id: 3, name: 'Klinik Denpasar', timezone },
  } as unknown as SessionUserDto;
}

function Today() {
  return <span>{useBranchToday()}</span>;
}

function renderToday(user: SessionUserDto | null): string {
  const qc = makeQueryClient();
  qc.setQueryData(SESSION_KEY, user);
  const html = renderToString(
    <QueryClientProvider client={qc}>
      <Today />
    </QueryClientProvider>,
  );
  return html.replace(/<[^>]+>/g, '');
}

describe('useBranchToday (issue 9 item 4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a WITA branch at 23:30 local time gets that day (UTC is 15:30 the same day)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-10T23:30:00+08:00'));
    expect(renderToday(userIn('Asia/Makassar'))).toBe('2026-03-10');
  });

  it('a WITA branch at 06:30 local time gets that day, not UTC yesterday', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-11T06:30:00+08:00')); // 2026-03-10T22:30Z
    expect(renderToday(userIn('Asia/Makassar'))).toBe('2026-03-11');
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-03-10'); // what the package pages used to show
  });

  it('a WITA branch at 00:30 local time is already the new day while Jakarta is still on the old one', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-11T00:30:00+08:00'));
    expect(renderToday(userIn('Asia/Makassar'))).toBe('2026-03-11');
    expect(renderToday(userIn('Asia/Jakarta'))).toBe('2026-03-10');
  });

  it('a WIT branch at 06:30 local time and a WIB one before 07:00 get their own date', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-31T06:30:00+09:00'));
    expect(renderToday(userIn('Asia/Jayapura'))).toBe('2026-12-31');
    vi.setSystemTime(new Date('2027-01-01T06:59:00+07:00'));
    expect(renderToday(userIn('Asia/Jakarta'))).toBe('2027-01-01');
  });

  it('falls back to Asia/Jakarta for a branch without a zone', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-10T17:30:00Z')); // 00:30 WIB on the 11th
    expect(renderToday(userIn(''))).toBe('2026-03-11');
    expect(branchToday(null)).toBe('2026-03-11');
  });
});
