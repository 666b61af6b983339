/** Facts about the machine setup checks before it does anything, as pure functions of what it read. */

/** Debian or Ubuntu (or a derivative that says it is like one), from /etc/os-release. */
export function supportedSystem(osRelease: string | undefined): { ok: boolean; name: string } {
  if (osRelease === undefined) return { ok: false, name: 'unknown (no /etc/os-release)' };
  const field = (key: string) => new RegExp(`^${key}=("?)(.*)\\1$`, 'mu').exec(osRelease)?.[2]?.toLowerCase() ?? '';
  const ids = [field('ID'), ...field('ID_LIKE').split(/\s+/u)];
  const name = /^PRETTY_NAME=("?)(.*)\1$/mu.exec(osRelease)?.[2] ?? (field('ID') || 'unknown');
  return { ok: ids.some((id) => id === 'debian' || id === 'ubuntu'), name };
}

export type DomainVerdict =
  | { ok: true; addresses: string[] }
  | { ok: false; reason: string; addresses: string[] }
  | { ok: 'unknown'; reason: string; addresses: string[] };

/**
 * Whether the domain points at this machine: some address it resolves to is one of this machine's. A
 * machine behind NAT has no public address of its own, so no match there cannot be told from a wrong
 * DNS record: that is 'unknown', not a refusal.
 */
export function domainVerdict(resolved: string[], local: string[]): DomainVerdict {
  const norm = (a: string) => a.replace(/^::ffff:/u, '').toLowerCase();
  const here = new Set(local.map(norm));
  if (resolved.length === 0) return { ok: false, reason: 'it does not resolve to any address', addresses: [] };
  if (resolved.some((a) => here.has(norm(a)))) return { ok: true, addresses: resolved };
  const isPrivate = (a: string) => /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|127\.|fe80:|fc|fd|::1$)/u.test(norm(a));
  const publicHere = local.map(norm).filter((a) => !isPrivate(a));
  if (publicHere.length === 0)
    return {
      ok: 'unknown',
      reason: `this machine has no public address of its own (behind NAT?): check that ${resolved.join(', ')} reaches it`,
      addresses: resolved,
    };
  return {
    ok: false,
    reason: `it resolves to ${resolved.join(', ')}, but this machine's addresses are ${publicHere.join(', ')}`,
    addresses: resolved,
  };
}
