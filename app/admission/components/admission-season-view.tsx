import type { Programme, ScholarshipCategory, Season } from '#common/admission/admission-season.ts';
import { formatCount, formatRupees } from '#common/i18n/amounts.ts';
import { formatBsStringIn } from '#common/i18n/dates.ts';
import { toDevanagariDigits } from '#common/i18n/nepali-numbers.ts';
import { useSiteContent } from '#app/lib/site-content.ts';

/** A stored Nepali text, or the English one when the office has not written it in Nepali. */
const inLang = (lang: 'en' | 'ne', en: string, ne: string) => (lang === 'ne' && ne ? ne : en);

/** The season's dates, B.S. first with the A.D. beside, in the page's language. */
export function SeasonDates({ season }: { season: Season }) {
  const { ui, lang } = useSiteContent();
  const t = ui.admissionPage;
  const rows = (
    ['opensOn', 'closesOn', 'lateClosesOn', 'entranceOn', 'resultsOn', 'admissionDeadline'] as const
  ).filter((key) => season[key]);
  return (
    <section className="admission-section" aria-labelledby="admission-dates">
      <h2 id="admission-dates">{t.datesHeading}</h2>
      <dl className="admission-dates">
        {rows.map((key) => (
          <div key={key}>
            <dt>{t.dates[key]}</dt>
            <dd>
              {formatBsStringIn(lang, season[key])}
              {key === 'lateClosesOn' && season.lateFee > 0
                ? ` (${t.lateFeeOf(formatRupees(lang, season.lateFee))})`
                : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function FeeTable({ programme, neb }: { programme: Programme; neb: boolean }) {
  const { ui, lang } = useSiteContent();
  const t = ui.admissionPage;
  const fees = programme.fees.filter((f) => f.neb === neb);
  if (fees.length === 0) return null;
  return (
    <table className="admission-fees">
      {neb ? <caption>{t.nebFeesHeading}</caption> : null}
      <thead>
        <tr>
          <th scope="col">{t.feeColumns.fee}</th>
          <th scope="col">{t.feeColumns.amount}</th>
          <th scope="col">{t.feeColumns.when}</th>
        </tr>
      </thead>
      <tbody>
        {fees.map((fee) => (
          <tr key={`${fee.nameEn}-${fee.period}`}>
            <th scope="row">{inLang(lang, fee.nameEn, fee.nameNe)}</th>
            <td>{formatRupees(lang, fee.amount)}</td>
            <td>{t.periods[fee.period as keyof typeof t.periods] ?? fee.period}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One programme: seats (and, once offers are made, the seats left), fees with their approval, who may apply,
 * and its free seats by category.
 */
export function ProgrammeCard({
  programme,
  categories,
  seatsLeft,
}: {
  programme: Programme;
  categories: ScholarshipCategory[];
  seatsLeft?: number | undefined;
}) {
  const { ui, lang } = useSiteContent();
  const t = ui.admissionPage;
  const digits = (text: string) => (lang === 'ne' ? toDevanagariDigits(text) : text);
  const rules = [
    t.minGpa(programme.minGpa.toFixed(2)),
    ...programme.minGrades.map((g) => t.minGrade(g.grade, t.subjects[g.subject] ?? g.subject)),
  ];
  const free = categories.filter((c) => (programme.scholarshipSeats[c.id] ?? 0) > 0);
  return (
    <article className="admission-programme" aria-labelledby={`programme-${programme.id}`}>
      <header>
        <h3 id={`programme-${programme.id}`}>{inLang(lang, programme.nameEn, programme.nameNe)}</h3>
        <p className="admission-programme__seats">
          {t.seats(formatCount(lang, programme.seats))}
          {seatsLeft === undefined ? null : ` · ${ui.results.seatsLeft(formatCount(lang, seatsLeft))}`}
        </p>
        <p className="admission-programme__stream">{t.stream(t.streams[programme.stream] ?? programme.stream)}</p>
      </header>
      <h4>{t.feesHeading}</h4>
      <FeeTable programme={programme} neb={false} />
      <FeeTable programme={programme} neb />
      {!programme.admissionFeeForContinuing ? <p>{t.continuingExempt}</p> : null}
      {programme.feeApprovedBy ? (
        <p className="admission-programme__approval">
          {t.approvedBy(
            programme.feeApprovedBy,
            programme.feeApprovedOn ? formatBsStringIn(lang, programme.feeApprovedOn) : '',
            programme.feeReference,
          )}
        </p>
      ) : null}
      <h4>{t.eligibilityHeading}</h4>
      <p>{digits(rules.join(', '))}.</p>
      {free.length > 0 ? (
        <>
          <h4>{t.scholarshipsHeading}</h4>
          <ul>
            {free.map((c) => (
              <li key={c.id}>
                {inLang(lang, c.nameEn, c.nameNe)}:{' '}
                {t.scholarshipSeats(
                  formatCount(lang, programme.scholarshipSeats[c.id] ?? 0),
                  programme.scholarshipSeats[c.id] ?? 0,
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </article>
  );
}

/** The scholarship categories with the proof each asks for, and the quota's publication date. */
export function ScholarshipQuota({
  season,
  categories,
  byCategory,
  declared,
}: {
  season: Season;
  categories: ScholarshipCategory[];
  byCategory: Record<string, number>;
  declared: number;
}) {
  const { ui, lang } = useSiteContent();
  const t = ui.admissionPage;
  if (categories.length === 0) return null;
  return (
    <section className="admission-section" aria-labelledby="admission-scholarships">
      <h2 id="admission-scholarships">{t.scholarshipsHeading}</h2>
      {season.quotaPublishedOn ? <p>{t.scholarshipsIntro(formatBsStringIn(lang, season.quotaPublishedOn))}</p> : null}
      <ul className="admission-quota">
        {categories.map((c) => {
          const proof = inLang(lang, c.proofEn, c.proofNe);
          return (
            <li key={c.id}>
              <strong>{inLang(lang, c.nameEn, c.nameNe)}</strong>:{' '}
              {t.scholarshipSeats(formatCount(lang, byCategory[c.id] ?? 0), byCategory[c.id] ?? 0)}
              {proof ? (
                <>
                  <br />
                  {t.proof} {proof}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p>
        <strong>{t.quotaTotal(formatCount(lang, declared))}</strong>
      </p>
      <p>{t.scholarshipsHow}</p>
    </section>
  );
}
