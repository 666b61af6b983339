import type { AuditChange } from '#common/audit.ts';

/** At most this many fields are listed in one entry; the rest are counted. */
const MAX_LISTED = 20;

/** Every leaf of a stored section as `path → text`: `phones 2 › number`, `about › paragraphs 1 › en`. */
function leaves(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => leaves(item, `${path} ${i + 1}`.trim(), out));
    if (value.length === 0) out.set(path, '');
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) leaves(item, path ? `${path} › ${key}` : key, out);
  } else {
    out.set(path, value === null || value === undefined ? '' : String(value));
  }
}

/**
 * What an edit of a site-content section changed, field by field (old → new), for its audit entry. Site
 * content holds no secret; a long edit lists its first fields and says how many more there were.
 */
export function contentChanges(before: unknown, after: unknown): AuditChange[] {
  const old = new Map<string, string>();
  const now = new Map<string, string>();
  leaves(before, '', old);
  leaves(after, '', now);
  const changes: AuditChange[] = [];
  for (const field of new Set([...old.keys(), ...now.keys()])) {
    const from = old.get(field) ?? '';
    const to = now.get(field) ?? '';
    if (from !== to) changes.push({ field, from, to });
  }
  if (changes.length <= MAX_LISTED) return changes;
  const more = changes.length - MAX_LISTED;
  return [...changes.slice(0, MAX_LISTED), { field: `and ${more} more`, from: '', to: '' }];
}
