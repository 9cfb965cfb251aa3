import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount, pageWindow, rowsLabel } from './pagination';

describe('pagination (spec 9)', () => {
  it('offers 8, 20, 30, 50 with 20 by default', () => {
    expect([...PAGE_SIZES]).toEqual([8, 20, 30, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(20);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(100, 8)).toBe(13);
  });

  it('shows five page numbers centred on the current page', () => {
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps five numbers at the ends', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shows every page when there are fewer than five', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
  });

  it('clamps a current page outside the range', () => {
    expect(pageWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(0, 7)).toEqual([1, 2, 3, 4, 5]);
  });

  it("labels the rows shown, and a capped count as 'lebih dari' (the visit history)", () => {
    expect(rowsLabel(2, 20, 65)).toBe('21-40 dari 65');
    expect(rowsLabel(1, 20, 0)).toBe('0-0 dari 0');
    expect(rowsLabel(1, 20, 1001, true)).toBe('1-20 dari lebih dari 1000');
  });
});
