import type { Logo } from '#common/site-content/college.ts';
import type { SiteLanguage } from '#common/site-content/local-text.ts';
import { PrintedLogo } from '#app/components/printed-logo.tsx';
import { formatDateIn } from '#common/i18n/dates.ts';
import { interfaceText } from '#common/i18n/catalogue.ts';
import { toDevanagariDigits } from '#common/i18n/nepali-numbers.ts';

/** What one admit card shows (the entrance service's AdmitCard, with its QR made on the server). */
export interface AdmitCardView {
  code: string;
  rollNumber: number;
  nameEn: string;
  nameNe: string;
  /** The college's name in the card's language, from the site's content. */
  college: string;
  /** The college's uploaded logo, drawn before its name; null without one. */
  logo: Logo | null;
  programmeEn: string;
  programmeNe: string;
  season: string;
  session: {
    startsAt: string;
    time: string;
    minutes: number;
    placeEn: string;
    placeNe: string;
    bringEn: string;
    bringNe: string;
  };
  /** A data: address of the applicant's photo, or ''. */
  photo: string;
  /** The card's check address, and the QR code of it as an SVG made by the server. */
  checkUrl: string;
  qrSvg: string;
}

/** The session's day (B.S. with A.D.) and its start in Nepal time, in the card's language. */
export function sessionWhen(lang: SiteLanguage, session: AdmitCardView['session']) {
  const t = interfaceText(lang).admitCard;
  return {
    date: formatDateIn(lang, session.startsAt),
    time: `${lang === 'ne' ? toDevanagariDigits(session.time) : session.time} (${t.minutes(session.minutes)})`,
  };
}

/**
 * One admit card under the college's name: photo, names, roll number, programme, when and where, what to bring, and the QR of its
 * check address. Fills an A4 page when printed and a phone's width on screen.
 */
export function AdmitCard({ card, lang }: { card: AdmitCardView; lang: SiteLanguage }) {
  const t = interfaceText(lang).admitCard;
  const when = sessionWhen(lang, card.session);
  const ne = lang === 'ne';
  const place = ne && card.session.placeNe ? card.session.placeNe : card.session.placeEn;
  const bring = ne && card.session.bringNe ? card.session.bringNe : card.session.bringEn;
  return (
    <article className="admit-card" aria-labelledby={`admit-card-${card.code}`}>
      <header className="admit-card__head">
        <p className="admit-card__college">
          {card.logo ? <PrintedLogo logo={card.logo} className="admit-card__logo" /> : null}
          {card.college}
        </p>
        <h2 id={`admit-card-${card.code}`}>{t.heading(card.season)}</h2>
        <p className="admit-card__roll">
          {t.rollNumber} <strong>{ne ? toDevanagariDigits(card.rollNumber) : card.rollNumber}</strong>
        </p>
      </header>
      <div className="admit-card__body">
        {card.photo ? (
          <img className="admit-card__photo" src={card.photo} alt={t.photo(card.nameEn)} width={120} height={150} />
        ) : (
          <p className="admit-card__photo admit-card__photo--none">{t.noPhoto}</p>
        )}
        <dl className="admit-card__facts">
          <dt>{t.name}</dt>
          <dd>
            <CardName nameEn={card.nameEn} nameNe={card.nameNe} />
          </dd>
          <dt>{t.programme}</dt>
          <dd>{ne ? card.programmeNe : card.programmeEn}</dd>
          <dt>{t.date}</dt>
          <dd>{when.date}</dd>
          <dt>{t.time}</dt>
          <dd>{when.time}</dd>
          <dt>{t.place}</dt>
          <dd>{place}</dd>
        </dl>
      </div>
      {bring ? (
        <section className="admit-card__bring">
          <h3>{t.bring}</h3>
          <p>{bring}</p>
        </section>
      ) : null}
      <footer className="admit-card__foot">
        {/* The SVG is made by our server from our own check address, never from text a visitor typed. */}
        <div className="admit-card__qr" role="img" aria-label={t.qr} dangerouslySetInnerHTML={{ __html: card.qrSvg }} />
        <div>
          <p>{t.print}</p>
          <p className="admit-card__check">
            {t.check}: <a href={card.checkUrl}>{card.checkUrl}</a>
          </p>
        </div>
      </footer>
    </article>
  );
}

/** The candidate's name as on the NEB form: in English block letters, and in Devanagari below it when given. */
export function CardName({ nameEn, nameNe }: { nameEn: string; nameNe: string }) {
  return (
    <>
      {nameEn}
      {nameNe ? (
        <>
          <br />
          <span lang="ne">{nameNe}</span>
        </>
      ) : null}
    </>
  );
}
