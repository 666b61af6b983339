import { pageHeaders } from '#app/lib/page-headers.ts';
import { birthYearChoices, formText, readBirthDate } from '#app/admission/public/application.server.ts';
import { data } from 'react-router';
import { BsDateField, TextField } from '#app/admission/components/application-fields.tsx';
import { PageStyle } from '#app/components/page-style.tsx';
import { ResultAnswer } from '#app/admission/components/result-view.tsx';
import { collegeNameOf, interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { refusalOf } from '#common/api-error.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import { languageOfPath } from '#common/i18n/site-path.ts';
import { latinDigits } from '#common/digits.ts';
import type { ResultView } from '#common/admission/results.ts';
import applicationCss from '#app/styles/application.css?inline';
import contactCss from '#app/styles/contact.css?inline';
import type { Route } from './+types/results';

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, {
    title: ui.results.meta.title,
    description: ui.results.meta.description(collegeNameOf(args.matches)),
  });
};

// An answer is one applicant's result: no cache may keep it.
export const headers = pageHeaders({ 'Cache-Control': PRIVATE_NO_STORE });

/** The years a date of birth may be chosen from: students of 10 to 30. */
export function loader({ context }: Route.LoaderArgs) {
  return { years: birthYearChoices(context.services.clock.now()) };
}

type LookupResult =
  | { result: ResultView }
  | { refused: { message: string; values: Record<string, string>; fieldErrors: Record<string, string> } };

/** The look-up: roll number and date of birth, posted (never in an address). */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = languageOfPath(new URL(request.url).pathname);
  const t = interfaceText(lang).results;
  const form = await context.readForm(request);
  const birth = readBirthDate(form);
  const values = { roll_number: formText(form, 'roll_number').slice(0, 20), ...birth.values };
  const fieldErrors: Record<string, string> = {};
  if (!/^\d{1,9}$/u.test(latinDigits(values.roll_number.trim()))) fieldErrors.roll_number = t.rollInvalid;
  if (birth.date === null) fieldErrors.birth_date = t.birthInvalid;
  if (birth.date === null || Object.keys(fieldErrors).length > 0) {
    return data<LookupResult>({ refused: { message: t.rollInvalid, values, fieldErrors } }, { status: 400 });
  }
  try {
    const result = await context.services.resultsLookup.lookUp(
      { rollNumber: values.roll_number, birthDate: birth.date },
      context.clientIp,
    );
    return { result } satisfies LookupResult;
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    const minutes = Math.max(1, Math.ceil(Number(refusal.headers['retry-after'] ?? 60) / 60));
    const message = refusal.code === 'results/lookups-limited' ? t.limited(minutes) : t.notFound;
    return data<LookupResult>(
      { refused: { message, values, fieldErrors: {} } },
      { status: refusal.status, headers: refusal.headers },
    );
  }
}

export default function AdmissionResults({ loaderData, actionData }: Route.ComponentProps) {
  const { ui } = useSiteContent();
  const t = ui.results;
  const answer = actionData as LookupResult | undefined;
  const refused = answer && 'refused' in answer ? answer.refused : undefined;
  const result = answer && 'result' in answer ? answer.result : undefined;
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="contact" css={contactCss} />
      <PageStyle name="application" css={applicationCss} />
      <div className="container apply-page">
        <header className="page__header">
          <h1>{t.heading}</h1>
          <p>{t.intro}</p>
        </header>
        {result ? <ResultAnswer result={result} /> : null}
        <form method="post" className="apply-form apply-lookup" noValidate>
          <div role="alert" className="form-status">
            {refused ? (
              <p className="form-status__message form-status__message--error" tabIndex={-1} autoFocus>
                {refused.message}
              </p>
            ) : null}
          </div>
          <TextField
            name="roll_number"
            label={t.rollNumber}
            hint={t.rollHint}
            inputMode="numeric"
            value={refused?.values.roll_number}
            error={refused?.fieldErrors.roll_number}
          />
          <BsDateField
            prefix="birth"
            label={ui.apply.fields.birth_date}
            values={refused?.values}
            error={refused?.fieldErrors.birth_date}
            years={loaderData.years}
          />
          <button type="submit" className="btn btn--primary">
            {t.show}
          </button>
        </form>
      </div>
    </main>
  );
}
