import { describe, expect, it } from 'vitest';
import { limitKeyOf } from './client-key.ts';

describe('limitKeyOf', () => {
  it('keeps an IPv4 address whole, also written as IPv6', () => {
    expect(limitKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(limitKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, and neighbouring /64s apart', () => {
    const a = limitKeyOf('2001:db8:aa:1::1');
    expect(a).toBe('2001:db8:aa:1::/64');
    expect(limitKeyOf('2001:0db8:00aa:0001:ffff:ffff:ffff:fffe')).toBe(a);
    expect(limitKeyOf('2001:db8:aa:1:1234::')).toBe(a);
    expect(limitKeyOf('2001:db8:aa:2::1')).not.toBe(a);
  });

  it('reads the short forms', () => {
    expect(limitKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(limitKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitKeyOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(limitKeyOf('local')).toBe('local');
  });
});
