import { Link, data, useActionData } from 'react-router';
import { refusalOf } from '#common/api-error.ts';
import { STATE_LABELS } from '#common/admission/application-office.ts';
import { ApplicationAccessKey } from '#app/admission/components/office/applications/application-access-key.tsx';
import { ApplicationDecision } from '#app/admission/components/office/applications/application-decision.tsx';
import {
  ApplicationDocuments,
  documentFileHref,
} from '#app/admission/components/office/applications/application-documents.tsx';
import { ApplicationFields } from '#app/admission/components/office/applications/application-fields.tsx';
import { SameSymbolNumber } from '#app/admission/components/office/applications/same-symbol-number.tsx';
import { ApplicationHistory } from '#app/admission/components/office/applications/application-history.tsx';
import { ApplicationPayment } from '#app/admission/components/office/applications/application-payment.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import {
  addApplicationNote,
  changeApplicationState,
  restoreApplication,
  sendAccessKey,
  setApplicationPayment,
  undoWithdrawal,
} from '#app/admission/office/application-writes.server.ts';
import '#app/styles/admin-applications.css';
import type { Route } from './+types/application';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data ? `Application ${data.application.reference}` : 'Application', matches);

export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'applications.read');
  const application = await context.services.applicationOffice.get(actor, params.id).catch((err: unknown) => {
    if (refusalOf(err)?.status === 404) throw data('This application does not exist.', { status: 404 });
    throw err;
  });
  return { application };
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    state: changeApplicationState(args.params.id),
    payment: setApplicationPayment(args.params.id),
    note: addApplicationNote(args.params.id),
    restore: restoreApplication(args.params.id),
    undo: undoWithdrawal(args.params.id),
    'access-key': sendAccessKey(args.params.id),
  });

/** One application: every field, the photo and documents, the payment, the decision, the history. */
export default function ApplicationPage({ loaderData }: Route.ComponentProps) {
  const { application: a } = loaderData;
  const photo = a.documents.find((d) => d.kind === 'photo');
  const photoPicture = photo?.pictures[photo.pictures.length - 1];
  return (
    <section className="admin-page application-page" aria-labelledby="application-title">
      <header className="admin-page__header application-page__header">
        {photo && photoPicture ? (
          <img
            className="application-page__photo"
            src={documentFileHref(a.id, photo.id, photoPicture.file)}
            width={photoPicture.width}
            height={photoPicture.height}
            alt={`Photo of ${a.nameEn}`}
          />
        ) : null}
        <div>
          <p>
            <Link to={`/admin/applications?season=${a.seasonId}`}>All applications</Link>
          </p>
          <h1 id="application-title">
            {a.nameEn}{' '}
            <span lang="ne" className="application-page__ne">
              {a.nameNe}
            </span>
          </h1>
          <p className="admin-page__lead">
            {a.reference} · {a.seasonName} · {a.firstChoice} ·{' '}
            <span className={`application-state application-state--${a.state}`}>{STATE_LABELS[a.state]}</span>
          </p>
          {a.sameSymbolNumberAs.length > 0 ? (
            <p>
              <SameSymbolNumber others={a.sameSymbolNumberAs} />
            </p>
          ) : null}
        </div>
      </header>
      <WriteStatus result={useActionData<typeof action>()} />
      <div className="application-page__columns">
        <div>
          <ApplicationFields application={a} />
          <section aria-labelledby="documents-title">
            <h2 id="documents-title">Documents</h2>
            <ApplicationDocuments application={a} />
          </section>
        </div>
        <div>
          <section aria-labelledby="decision-title" className="application-page__panel">
            <h2 id="decision-title">Decision</h2>
            <ApplicationDecision application={a} />
          </section>
          <section aria-labelledby="payment-title" className="application-page__panel">
            <h2 id="payment-title">Payment</h2>
            <ApplicationPayment application={a} />
          </section>
          <section aria-labelledby="access-key-title" className="application-page__panel">
            <h2 id="access-key-title">Access key</h2>
            <ApplicationAccessKey application={a} />
          </section>
          <section aria-labelledby="history-title" className="application-page__panel">
            <h2 id="history-title">History and notes</h2>
            <ApplicationHistory application={a} />
          </section>
        </div>
      </div>
    </section>
  );
}
