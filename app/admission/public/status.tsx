import { pageHeaders } from '#app/lib/page-headers.ts';
import { data } from 'react-router';
import { BsDateField, TextField } from '#app/admission/components/application-fields.tsx';
import { OfferBox, type OfferView } from '#app/admission/components/application-offer.tsx';
import { ApplicationStatusView, type CorrectionRefusal, type StatusView } from '#app/admission/components/application-status.tsx';
import { PageStyle } from '#app/components/page-style.tsx';
import { birthYearChoices, filesIn, formText, readBirthDate } from '#app/admission/public/application.server.ts';
import { collegeNameOf, interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { refusalOf } from '#common/api-error.ts';
import { applicationRefusalText } from '#common/admission/application-form.ts';
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  applicationReference,
  readReference,
} from '#common/admission/application.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import { languageOfPath, pathIn } from '#common/i18n/site-path.ts';
import { readAccessKey } from '#common/admission/access-key.ts';
import applicationCss from '#app/styles/application.css?inline';
import contactCss from '#app/styles/contact.css?inline';
import type { Route } from './+types/status';

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, {
    title: ui.apply.meta.statusTitle,
    description: ui.apply.meta.statusDescription(collegeNameOf(args.matches)),
  });
};

// An answer shows an applicant's application: no cache may keep it.
export const headers = pageHeaders({ 'Cache-Control': PRIVATE_NO_STORE });

/** The years a date of birth may be chosen from: students of 10 to 30. */
export function loader({ context }: Route.LoaderArgs) {
  return { years: birthYearChoices(context.services.clock.now()) };
}

type StatusResult =
  | {
      status: StatusView;
      replaced?: boolean;
      admitCard?: boolean;
      /** The published entrance result, once there is one. */
      offer?: OfferView | null;
      askDecline?: boolean;
      declined?: boolean;
      voucherSent?: boolean;
      /** The offer's voucher form refused: the number typed and why (the look-up itself succeeded). */
      voucherRefused?: { number: string; message: string };
      /** The corrected document refused (the look-up itself succeeded). */
      correctionRefused?: CorrectionRefusal;
    }
  /** A new key was asked for: the same answer whether or not the reference and date of birth matched. */
  | { keySent: true }
  | {
      refused: { message: string; values: Record<string, string>; fieldErrors: Record<string, string> };
      /** The refusal is of the lost-key form, which is shown open with it. */
      lostKey?: boolean;
    };

/** Refusals of the look-up itself (the reference or key, or a paused application), shown on the look-up form. */
const LOOKUP_REFUSALS: ReadonlySet<string> = new Set(['application/not-found', 'application/lookups-limited']);

/** A reference as the college makes them now, its prefix first ('ORB-2084-0123'), for the field's words. */
const exampleOf = (prefix: string) => applicationReference(prefix, 2084, 123);
const exampleReference = async (context: Route.ActionArgs['context']) =>
  exampleOf((await context.services.content.site()).college.referencePrefix);

/** A lost key: a new one is sent to the guardian's contacts on the application (never shown here). */
async function sendNewKey(form: FormData, context: Route.ActionArgs['context'], lang: 'en' | 'ne') {
  const t = interfaceText(lang).apply;
  const birth = readBirthDate(form);
  const values = { reference: formText(form, 'reference'), ...birth.values };
  const fieldErrors: Record<string, string> = {};
  if (!readReference(values.reference))
    fieldErrors.reference = t.status.referenceInvalid(await exampleReference(context));
  if (birth.date === null) fieldErrors.birth_date = t.errors.birthDate;
  if (birth.date === null || Object.keys(fieldErrors).length > 0) {
    return data<StatusResult>(
      { refused: { message: t.status.correctLookup, values, fieldErrors }, lostKey: true },
      400,
    );
  }
  try {
    await context.services.applicationIntake.sendNewKey(context.visitor, values.reference, birth.date);
    return { keySent: true } satisfies StatusResult;
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    const message = applicationRefusalText(refusal.code, t, Number(refusal.headers['retry-after'] ?? 0));
    return data<StatusResult>(
      { refused: { message, values, fieldErrors: {} }, lostKey: true },
      { status: refusal.status, headers: refusal.headers },
    );
  }
}

/**
 * The look-up (reference and access key, posted: never in an address), the corrected document's upload and
 * the offer's actions, which send them again; and the lost key's form (reference and date of birth).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = languageOfPath(new URL(request.url).pathname);
  const t = interfaceText(lang).apply;
  const form = await context.readForm(request);
  const intent = formText(form, 'intent');
  if (intent === 'send-key') return sendNewKey(form, context, lang);
  const values = { reference: formText(form, 'reference'), access_key: formText(form, 'access_key') };
  const fieldErrors: Record<string, string> = {};
  if (!readReference(values.reference))
    fieldErrors.reference = t.status.referenceInvalid(await exampleReference(context));
  if (!readAccessKey(values.access_key)) fieldErrors.access_key = t.status.accessKeyInvalid;
  if (Object.keys(fieldErrors).length > 0) {
    return data<StatusResult>({ refused: { message: t.status.correctLookup, values, fieldErrors } }, { status: 400 });
  }
  const intake = context.services.applicationIntake;
  const key = values.access_key;
  try {
    // Proved once by the reference and access key (a wrong one is refused as any look-up is); every step below
    // acts as this applicant, on this application only.
    const applicant = await intake.applicantOf(values.reference, key, context.clientIp);
    // A refused corrected document keeps the family on their application, the reason beside the field; only a
    // wrong or paused look-up goes back to the look-up form.
    let correctionRefused: CorrectionRefusal | undefined;
    let correctionStatus = 200;
    if (intent === 'replace') {
      const kind = formText(form, 'kind') as DocumentKind;
      if (!DOCUMENT_KINDS.includes(kind)) {
        correctionRefused = { field: 'kind', kind: '', message: t.errors.required(t.status.document) };
        correctionStatus = 400;
      } else {
        try {
          const files = await filesIn(form, 'files', kind);
          const status = await intake.replaceDocuments(applicant, applicant.applicationId, kind, files);
          return { status: { ...status, accessKey: key }, replaced: true } satisfies StatusResult;
        } catch (err) {
          const refusal = refusalOf(err);
          if (!refusal || LOOKUP_REFUSALS.has(refusal.code)) throw err;
          const message =
            refusal.code === 'validation' ? t.errors.required(t.status.files) : applicationRefusalText(refusal.code, t);
          correctionRefused = { field: 'files', kind, message };
          correctionStatus = refusal.status;
        }
      }
    }
    let declined = false;
    let voucherSent = false;
    let voucherRefused: { number: string; message: string } | undefined;
    let voucherStatus = 200;
    if (intent === 'voucher') {
      const number = formText(form, 'voucher_number').trim();
      const files = await filesIn(form, 'voucher_file', 'voucher');
      const words = interfaceText(lang).results.offerBox;
      const missing = !number ? words.voucherNumber : files.length === 0 ? words.voucherFile : '';
      try {
        if (missing) {
          voucherRefused = { number, message: t.errors.required(missing) };
          voucherStatus = 400;
        } else {
          await context.services.offerVouchers.send(applicant, applicant.applicationId, number, files);
          voucherSent = true;
        }
      } catch (err) {
        const refusal = refusalOf(err);
        if (!refusal) throw err;
        voucherRefused = { number, message: applicationRefusalText(refusal.code, t) };
        voucherStatus = refusal.status;
      }
    }
    if (intent === 'decline') {
      // The audit names the applicant's reference and the address the decline came from.
      await context.services.merit.declineOwn(applicant, applicant.applicationId);
      declined = true;
    }
    const status = await intake.status(applicant, applicant.applicationId);
    const [admitCard, offer] = await Promise.all([
      context.services.entrance.hasAdmitCard(status.reference),
      context.services.merit.outcomeOf(status.reference),
    ]);
    return data<StatusResult>(
      {
        status: { ...status, accessKey: key },
        admitCard,
        offer,
        askDecline: intent === 'decline-ask',
        declined,
        voucherSent,
        ...(voucherRefused ? { voucherRefused } : {}),
        ...(correctionRefused ? { correctionRefused } : {}),
      },
      { status: correctionRefused ? correctionStatus : voucherStatus },
    );
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    const message = applicationRefusalText(refusal.code, t, Number(refusal.headers['retry-after'] ?? 0));
    return data<StatusResult>(
      { refused: { message, values, fieldErrors: {} } },
      { status: refusal.status, headers: refusal.headers },
    );
  } finally {
    // A corrected document's or a voucher's checks and writes have settled: their bytes may serve the next form.
    context.doneWithForm(form);
  }
}

export default function AdmissionStatus({ loaderData, actionData }: Route.ComponentProps) {
  const { ui, lang, site } = useSiteContent();
  const example = exampleOf(site.college.referencePrefix);
  const t = ui.apply.status;
  const result = actionData as StatusResult | undefined;
  const refused = result && 'refused' in result ? result.refused : undefined;
  const lostKey = Boolean(result && 'refused' in result && result.lostKey);
  const shown = result && 'status' in result ? result : undefined;
  const keySent = Boolean(result && 'keySent' in result);
  const refusedHere = lostKey ? undefined : refused;
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="contact" css={contactCss} />
      <PageStyle name="application" css={applicationCss} />
      <div className="container apply-page">
        <header className="page__header">
          <h1>{t.heading}</h1>
          <p>{t.intro}</p>
        </header>
        {shown ? (
          <ApplicationStatusView
            status={shown.status}
            replaced={Boolean(shown.replaced)}
            refused={shown.correctionRefused}
          />
        ) : null}
        {shown?.offer ? (
          <OfferBox
            view={shown.offer}
            reference={shown.status.reference}
            accessKey={shown.status.accessKey}
            askDecline={Boolean(shown.askDecline)}
            declined={Boolean(shown.declined)}
            voucherSent={Boolean(shown.voucherSent)}
            voucherRefused={shown.voucherRefused}
            payment={shown.status.paymentDetails}
          />
        ) : null}
        {shown?.admitCard ? (
          // The reference and access key go again in the post that opens the card, never in its address.
          <form method="post" action={pathIn(lang, '/admission/admit-card')} className="apply-admit-card">
            <p>{ui.admitCard.ready}</p>
            <input type="hidden" name="reference" value={shown.status.reference} />
            <input type="hidden" name="access_key" value={shown.status.accessKey} />
            <button type="submit" className="btn btn--primary">
              {ui.admitCard.open}
            </button>
          </form>
        ) : null}
        <form method="post" className="apply-form apply-lookup" noValidate>
          <div role="alert" className="form-status">
            {refusedHere ? (
              <p className="form-status__message form-status__message--error" tabIndex={-1} autoFocus>
                {refusedHere.message}
              </p>
            ) : null}
          </div>
          <input type="hidden" name="intent" value="lookup" />
          <TextField
            name="reference"
            label={t.reference}
            hint={t.referenceHint(example)}
            value={refusedHere?.values.reference ?? shown?.status.reference}
            error={refusedHere?.fieldErrors.reference}
          />
          <TextField
            name="access_key"
            label={t.accessKey}
            hint={t.accessKeyHint}
            value={refusedHere?.values.access_key ?? shown?.status.accessKey}
            error={refusedHere?.fieldErrors.access_key}
            autoComplete="off"
          />
          <button type="submit" className="btn btn--primary">
            {t.show}
          </button>
        </form>
        <details className="apply-lost-key" open={lostKey || keySent}>
          <summary>{t.lostKey}</summary>
          <form method="post" className="apply-form apply-lookup apply-lost-key__form" noValidate>
            <div role="alert" className="form-status">
              {keySent ? (
                <p className="form-status__message form-status__message--ok" tabIndex={-1} autoFocus>
                  {t.keySent}
                </p>
              ) : lostKey && refused ? (
                <p className="form-status__message form-status__message--error" tabIndex={-1} autoFocus>
                  {refused.message}
                </p>
              ) : null}
            </div>
            <p>{t.lostKeyIntro}</p>
            <input type="hidden" name="intent" value="send-key" />
            <TextField
              name="reference"
              label={t.reference}
              hint={t.referenceHint(example)}
              value={lostKey ? refused?.values.reference : undefined}
              error={lostKey ? refused?.fieldErrors.reference : undefined}
              idPrefix="lost-"
            />
            <BsDateField
              prefix="birth"
              label={ui.apply.fields.birth_date}
              values={lostKey ? refused?.values : undefined}
              error={lostKey ? refused?.fieldErrors.birth_date : undefined}
              years={loaderData.years}
            />
            <button type="submit" className="btn">
              {t.sendKey}
            </button>
          </form>
        </details>
      </div>
    </main>
  );
}
