import { data } from 'react-router';
import { CardName, sessionWhen } from '#app/admission/components/admit-card.tsx';
import { PageStyle } from '#app/components/page-style.tsx';
import { interfaceTextOf, pageMeta } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { toDevanagariDigits } from '#common/i18n/nepali-numbers.ts';
import admitCardCss from '#app/styles/admit-card.css?inline';
import type { Route } from './+types/admit-card-check';

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  return pageMeta(args, { title: ui.admitCard.checkTitle, description: ui.admitCard.checkReal, noindex: true });
};

export const headers = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

/**
 * What a guard sees on scanning an admit card's QR code: the card's name, roll number, programme and session,
 * to compare with the card in hand (no photo: the code is printed on paper that may be lost). A code that
 * belongs to no card gets a plain answer, 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const card = await context.services.entrance.checkCard(params.code);
  if (!card) return data({ card: null }, { status: 404 });
  return { card };
}

export default function AdmitCardCheck({ loaderData }: Route.ComponentProps) {
  const { ui, lang } = useSiteContent();
  const t = ui.admitCard;
  const { card } = loaderData;
  const ne = lang === 'ne';
  if (!card) {
    return (
      <main id="main" tabIndex={-1} className="page">
        <div className="container">
          <h1>{t.checkHeading}</h1>
          <p role="alert">{t.checkNone}</p>
        </div>
      </main>
    );
  }
  const when = sessionWhen(lang, card.session);
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="admit-card" css={admitCardCss} />
      <div className="container">
        <h1>{t.checkHeading}</h1>
        <p role="status">{t.checkReal}</p>
        <div className="admit-card">
          <dl className="admit-card__facts">
            <dt>{t.rollNumber}</dt>
            <dd>
              <strong>{ne ? toDevanagariDigits(card.rollNumber) : card.rollNumber}</strong>
            </dd>
            <dt>{t.name}</dt>
            <dd>
              <CardName nameEn={card.nameEn} nameNe={card.nameNe} />
            </dd>
            <dt>{t.programme}</dt>
            <dd>{ne ? card.programmeNe : card.programmeEn}</dd>
            <dt>{t.session}</dt>
            <dd>
              {when.date}, {when.time}
              <br />
              {ne && card.session.placeNe ? card.session.placeNe : card.session.placeEn}
            </dd>
          </dl>
        </div>
      </div>
    </main>
  );
}
