import { formatDateTime } from './admin/admin-format.ts';

/** When an audit entry was written, in Nepal time: '6 Mangsir 2083 B.S. (22 Nov 2026), 14:05'; '' for no date. */
export function formatAuditTime(iso: string): string {
  return Number.isNaN(new Date(iso).getTime()) ? '' : formatDateTime(iso);
}

/** The address of another page of the log, keeping the filters. */
export function auditPageHref(
  page: number,
  filter: { person?: string | undefined; kind?: string | undefined },
): string {
  const params = new URLSearchParams();
  if (filter.person) params.set('person', filter.person);
  if (filter.kind) params.set('kind', filter.kind);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/admin/audit?${query}` : '/admin/audit';
}
