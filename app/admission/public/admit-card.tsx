import { pageHeaders } from '#app/lib/page-headers.ts';
import { formText } from '#app/admission/public/application.server.ts';
import { Link, data } from 'react-router';
import { AdmitCard, type AdmitCardView } from '#app/admission/components/admit-card.tsx';
import { PageStyle } from '#app/components/page-style.tsx';
import { admitCardView } from '#app/admission/components/admit-card.server.ts';
import { interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { refusalOf } from '#common/api-error.ts';
import { applicationRefusalText } from '#common/admission/application-form.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import { languageOfPath, pathIn } from '#common/i18n/site-path.ts';
import admitCardCss from '#app/styles/admit-card.css?inline';
import type { Route } from './+types/admit-card';

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, { title: ui.admitCard.title, description: ui.admitCard.lookUp });
};

// The card shows an applicant's name and photo: no cache may keep it.
export const headers = pageHeaders({ 'Cache-Control': PRIVATE_NO_STORE });

type CardResult = { card: AdmitCardView } | { none: true } | { refused: string };

/**
 * The applicant's admit card, opened from the status page: the reference and the access key are posted again
 * (never in an address) and checked as the status look-up checks them, misses counted per application and
 * per address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = languageOfPath(new URL(request.url).pathname);
  const t = interfaceText(lang).apply;
  const form = await context.readForm(request);
  try {
    const applicant = await context.services.applicationIntake.applicantOf(
      formText(form, 'reference'),
      formText(form, 'access_key'),
      context.clientIp,
    );
    const card = await context.services.entrance.admitCard(applicant, applicant.applicationId);
    if (!card) return { none: true } satisfies CardResult;
    const site = await context.services.content.site();
    return { card: await admitCardView(card, context.siteUrl, lang, site.college) } satisfies CardResult;
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    return data<CardResult>(
      { refused: applicationRefusalText(refusal.code, t, Number(refusal.headers['retry-after'] ?? 0)) },
      { status: refusal.status, headers: refusal.headers },
    );
  }
}

export default function AdmissionAdmitCard({ actionData }: Route.ComponentProps) {
  const { ui, lang } = useSiteContent();
  const t = ui.admitCard;
  const result = actionData as CardResult | undefined;
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="admit-card" css={admitCardCss} />
      <div className="container">
        <h1 className="admit-card-lead">{t.title}</h1>
        {result && 'card' in result ? (
          <AdmitCard card={result.card} lang={lang} />
        ) : (
          <div role={result ? 'alert' : undefined}>
            <p>{result && 'refused' in result ? result.refused : result ? t.noCard : t.lookUp}</p>
            <p>
              <Link to={pathIn(lang, '/admission/status')}>{t.statusLink}</Link>
            </p>
          </div>
        )}
      </div>
    </main>
  );
}
