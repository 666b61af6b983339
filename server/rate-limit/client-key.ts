import { isIPv4, isIPv6 } from 'node:net';

/**
 * The part of a client's address that limits count by. An IPv4 address is one subscriber (or a school lab, or
 * a carrier's NAT: the limits are generous for that). An IPv6 subscriber is given a whole /64 (often a /56),
 * so counting per full address would give one person 2^64 fresh allowances: an IPv6 address counts by its
 * first 64 bits. An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) counts as the IPv4 address it is.
 */
export function limitKeyOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/iu.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const bare = ip.split('%')[0]!.toLowerCase();
  const [head, tail] = bare.includes('::') ? bare.split('::') : [bare, undefined];
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  let left = part(head);
  let right = part(tail);
  // A trailing IPv4 part (::1.2.3.4) stands for two groups.
  const v4 = (groups: string[]) => {
    const last = groups.at(-1);
    if (!last || !isIPv4(last)) return groups;
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  if (tail === undefined) left = v4(left);
  else right = v4(right);
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => Number.parseInt(g, 16).toString(16));
}
