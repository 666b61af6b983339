import { Readable } from 'node:stream';
import type { AppLoadContext } from 'react-router';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';

/**
 * One stored file of an applicant's document as a response to the office's page: the policy checked, the
 * opening written to the audit log by the service, never cached, a PDF sandboxed when opened in the browser.
 */
export async function documentFileResponse(
  context: AppLoadContext,
  params: { id: string; documentId: string; file: string },
): Promise<Response> {
  const actor = await requirePermission(context, 'applications.read');
  const found = await context.services.applicationOffice.openDocument(actor, params.id, params.documentId, params.file);
  const headers: Record<string, string> = {
    'content-type': found.contentType,
    'content-length': String(found.size),
    'content-disposition': 'inline',
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
  if (found.contentType === 'application/pdf') headers['content-security-policy'] = 'sandbox';
  return new Response(Readable.toWeb(found.body) as ReadableStream, { headers });
}
