import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging.ts';

describe('pageWindow', () => {
  it('gives the page count and where a page starts', () => {
    expect(pageWindow(45, 1, 20)).toEqual({ pageCount: 3, offset: 0 });
    expect(pageWindow(45, 3, 20)).toEqual({ pageCount: 3, offset: 40 });
    expect(pageWindow(40, 2, 20)).toEqual({ pageCount: 2, offset: 20 });
  });

  it('always has a first page, even of an empty list', () => {
    expect(pageWindow(0, 1, 20)).toEqual({ pageCount: 1, offset: 0 });
  });

  it('answers null past the last page and for a page that is not a positive whole number', () => {
    for (const page of [4, 0, -1, 2.5, Number.NaN]) expect(pageWindow(45, page, 20)).toBeNull();
  });
});
