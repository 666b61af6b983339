import { data } from 'react-router';
import { refusalOf } from '#common/api-error.ts';
import { documentFileResponse } from '#app/admission/office/application-files.server.ts';
import type { Route } from './+types/application-document';

/** A resource route: one file of an applicant's document, for the office's page (every opening audited). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return documentFileResponse(context, params).catch((err: unknown) => {
    const refusal = refusalOf(err);
    if (refusal) throw data(refusal.message, { status: refusal.status });
    throw err;
  });
}
