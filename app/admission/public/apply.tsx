import { pageHeaders } from '#app/lib/page-headers.ts';
import { data } from 'react-router';
import { ApplicationConfirmation, type ConfirmationView } from '#app/admission/components/application-confirmation.tsx';
import { ApplicationForm, type RefusedApplication } from '#app/admission/components/application-form.tsx';
import { PageStyle } from '#app/components/page-style.tsx';
import { readApplyRequest, statusAddress } from '#app/admission/public/application.server.ts';
import { collegeNameOf, interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { formatBsStringIn } from '#common/i18n/dates.ts';
import { languageOfPath } from '#common/i18n/site-path.ts';
import { hasPaymentAccount } from '#common/admission/payment-details.ts';
import applicationCss from '#app/styles/application.css?inline';
import contactCss from '#app/styles/contact.css?inline';
import type { Route } from './+types/apply';

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, {
    title: ui.apply.meta.applyTitle,
    description: ui.apply.meta.applyDescription(collegeNameOf(args.matches)),
  });
};

// The form carries a token made for this visit, and a refused form carries what was typed: nothing may keep it.
export const headers = pageHeaders({ 'Cache-Control': PRIVATE_NO_STORE });

/**
 * The season taking applications now (with a form token), or what the page says instead; nothing after this
 * request's action accepted an application (the page then shows only its confirmation).
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (context.actionAnswered) return { open: false as const, answered: true as const };
  const intake = context.services.applicationIntake;
  const view = await intake.openSeason();
  if (view) {
    return { open: true as const, view, formToken: await intake.issueFormToken() };
  }
  const publicSeason = await context.services.seasons.publicState();
  return {
    open: false as const,
    phase: publicSeason?.state.phase ?? null,
    opensOn: publicSeason?.season.opensOn ?? '',
  };
}

type ActionResult = { confirmation: ConfirmationView } | { refused: RefusedApplication };

/** The form posts here (/admission/apply or /ne/admission/apply), which answers in its own language. */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = languageOfPath(new URL(request.url).pathname);
  const form = await context.readForm(request);
  let outcome;
  try {
    outcome = await context.services.applicationIntake.apply(
      await readApplyRequest(form, lang, context.clientIp),
      context.visitor,
    );
  } finally {
    // Every check and write of the files has settled: their bytes may serve the next application's post.
    context.doneWithForm(form);
  }
  if (outcome.ok) {
    context.actionAnswered = true;
    const result: ActionResult = {
      confirmation: {
        ...outcome.confirmation,
        ...(await statusAddress(context.siteUrl, lang, outcome.confirmation.reference, outcome.confirmation.accessKey)),
      },
    };
    return result;
  }
  const values = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  const result: ActionResult = {
    refused: {
      message: outcome.message,
      values,
      fieldErrors: outcome.fieldErrors,
      kept: outcome.kept,
      uploadToken: outcome.uploadToken,
      formToken: outcome.formToken,
      warning: outcome.warning,
    },
  };
  const retry = outcome.status === 429 ? { 'Retry-After': '60' } : undefined;
  return data(result, { status: outcome.status, ...(retry ? { headers: retry } : {}) });
}

export default function AdmissionApply({ loaderData, actionData }: Route.ComponentProps) {
  const { ui, lang, href } = useSiteContent();
  const t = ui.apply;
  const result = actionData as ActionResult | undefined;
  const confirmation = result && 'confirmation' in result ? result.confirmation : undefined;
  const refused = result && 'refused' in result ? result.refused : undefined;
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="contact" css={contactCss} />
      <PageStyle name="application" css={applicationCss} />
      <div className="container apply-page">
        <header className="page__header">
          <h1>{t.heading}</h1>
        </header>
        {confirmation ? (
          <ApplicationConfirmation c={confirmation} />
        ) : loaderData.open ? (
          <>
            <p>{t.closes(formatBsStringIn(lang, loaderData.view.season.closesOn))}</p>
            <ApplicationForm
              seasonName={loaderData.view.season.name}
              seasonYear={Number(loaderData.view.season.name.slice(0, 4))}
              programmes={loaderData.view.programmes}
              categories={loaderData.view.categories}
              late={loaderData.view.state.phase === 'late'}
              lateFee={loaderData.view.season.lateFee}
              lateUntil={formatBsStringIn(lang, loaderData.view.season.lateClosesOn)}
              formToken={loaderData.formToken}
              refused={refused}
              payment={loaderData.view.payment}
              ownAccounts={loaderData.view.programmes.flatMap((p) =>
                p.payment && hasPaymentAccount(p.payment)
                  ? [{ name: lang === 'ne' ? p.nameNe || p.nameEn : p.nameEn, payment: { ...p.payment, qr: null } }]
                  : [],
              )}
            />
          </>
        ) : 'answered' in loaderData ? null : (
          <div className="apply-closed">
            <p>
              {loaderData.phase === 'upcoming' && loaderData.opensOn
                ? t.notOpen.upcoming(formatBsStringIn(lang, loaderData.opensOn))
                : loaderData.phase === 'closed'
                  ? t.notOpen.closed
                  : t.notOpen.none}
            </p>
            {refused ? <p role="alert">{refused.message}</p> : null}
            <p>
              <a href={href('/admission')}>{t.notOpen.seeAdmission}</a>
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
