import { describe, expect, it } from 'vitest';
import { MSG } from '@klinik/shared';
import { ApiError, errorItems } from './errors';

describe('errorItems: the list a form shows for an error', () => {
  it('no error is no item (a form not sent yet shows nothing)', () => {
    expect(errorItems(null)).toEqual([]);
    expect(errorItems(undefined)).toEqual([]);
  });

  it("the server's list as it came, a dropped connection as offline, anything unknown as a server error", () => {
    const issues = [{ message: 'Jumlah wajib diisi', field: 'amount' }];
    expect(errorItems(new ApiError(400, issues))).toEqual(issues);
    expect(errorItems(new TypeError('Failed to fetch'))).toEqual([{ message: MSG.offline }]);
    expect(errorItems({ weird: true })).toEqual([{ message: MSG.serverError }]);
  });
});
