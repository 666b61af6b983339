import { describe, expect, it } from 'vitest';
import { applicationReference, readReference, referencePrefixOf } from './application.ts';

describe('a college’s reference prefix', () => {
  it('is the initials of its English name, up to four, or a one-word name’s first three letters', () => {
    expect(referencePrefixOf('Himalaya Model College')).toBe('HMC');
    expect(referencePrefixOf('Shree Janata Higher Secondary School and College')).toBe('SJHS');
    expect(referencePrefixOf('Sunrise')).toBe('SUN');
    expect(referencePrefixOf('  école   normale ')).toBe('EN');
  });

  it('is the demo’s, ORB, when the name gives fewer than two Latin letters', () => {
    expect(referencePrefixOf('हिमालय कलेज')).toBe('ORB');
    expect(referencePrefixOf('X')).toBe('ORB');
    expect(referencePrefixOf('')).toBe('ORB');
  });
});

describe('a reference as typed', () => {
  it('is read with any college’s prefix of 2 to 4 letters, in any case, digits in either script', () => {
    expect(readReference('hmc 2084 7')).toBe('HMC-2084-0007');
    expect(readReference('SA-२०८४-०१२३')).toBe('SA-2084-0123');
    expect(readReference('sjhs20840123')).toBe(applicationReference('SJHS', 2084, 123));
    expect(readReference('ORB-2084-0123')).toBe('ORB-2084-0123');
  });

  it('is refused with a prefix of one letter or more than four, or letters that are not Latin', () => {
    for (const typed of ['O-2084-0123', 'ORBIT-2084-0123', 'ओआर-2084-0123', '2084-0123', 'ORB-84-0123'])
      expect(readReference(typed), typed).toBeNull();
  });
});
