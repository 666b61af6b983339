import { describe, expect, it } from 'vitest';
import { formatAccessKey, readAccessKey } from '#common/admission/access-key.ts';
import { accessKeyHash, accessKeyMatches, newAccessKey } from './access-keys.ts';

describe('access keys', () => {
  it('are 28 characters of the alphabet, different each time', () => {
    const keys = new Set(Array.from({ length: 1000 }, newAccessKey));
    expect(keys.size).toBe(1000);
    for (const k of keys) expect(readAccessKey(k)).toBe(k);
  });

  it('read as people type them: groups, lower case, O for 0, I and L for 1', () => {
    const key = 'AB01CDEF23GH45JK67MN89PQRSTV';
    expect(formatAccessKey(key)).toBe('AB01-CDEF-23GH-45JK-67MN-89PQ-RSTV');
    expect(readAccessKey(' ab0i-cdef 23gh-45jk-67mn-89pq-rstv ')).toBe(key);
    expect(readAccessKey('abOl cdef 23gh 45jk 67mn 89pq rstv')).toBe(key);
    expect(readAccessKey(key.slice(1))).toBeNull();
    expect(readAccessKey(`${key.slice(1)}U`)).toBeNull();
  });

  it('match only their own hash, and never an application without one', () => {
    const key = newAccessKey();
    const stored = accessKeyHash(key);
    expect(accessKeyMatches(formatAccessKey(key).toLowerCase(), stored)).toBe(true);
    expect(accessKeyMatches(newAccessKey(), stored)).toBe(false);
    expect(accessKeyMatches(key, '')).toBe(false);
    expect(accessKeyMatches('', '')).toBe(false);
  });
});
