import { describe, expect, it } from 'vitest';
import { changePasswordInput, pengumumanInput, visitStatusInput } from '@klinik/shared';
import { liveIssues } from './live-issues';

describe('liveIssues: the dialogs check what is typed with their endpoints schemas', () => {
  it('password: the first message per field, the repeat checked against the password', () => {
    expect(liveIssues(changePasswordInput, { password: 'abc', repeatpassword: '' }).at('password')).toBe(
      'Password minimal 5 karakter',
    );
    const mismatch = liveIssues(changePasswordInput, { password: 'Baru2026x', repeatpassword: 'Baru2026y' });
    expect(mismatch.ok).toBe(false);
    expect(mismatch.at('password')).toBeUndefined();
    expect(mismatch.at('repeatpassword')).toBe('Ulangi password harus sama dengan password');
    expect(liveIssues(changePasswordInput, { password: 'Baru2026x', repeatpassword: 'Baru2026x' }).ok).toBe(true);
  });

  it('announcement: 5 to 100 characters after trimming, the trimmed text is what is sent', () => {
    expect(liveIssues(pengumumanInput, { message: '  abc  ' }).at('message')).toBe('Pengumuman minimal 5 karakter');
    const ok = liveIssues(pengumumanInput, { message: '  Rapat jam 3  ' });
    expect(ok).toMatchObject({ ok: true, data: { message: 'Rapat jam 3' } });
  });

  it('visit cancel: a blank reason is refused next to the reason', () => {
    expect(liveIssues(visitStatusInput, { status: 'batal', reason: '   ' }).at('reason')).toBe(
      'Alasan pembatalan wajib diisi',
    );
    expect(liveIssues(visitStatusInput, { status: 'batal', reason: ' Pasien pulang ' }).data?.reason).toBe(
      'Pasien pulang',
    );
  });
});
