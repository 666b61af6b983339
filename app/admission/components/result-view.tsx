import { useSiteContent } from '#app/lib/site-content.ts';
import { formatDateIn } from '#common/i18n/dates.ts';
import { toDevanagariDigits } from '#common/i18n/nepali-numbers.ts';
import { pathIn } from '#common/i18n/site-path.ts';
import { type ResultView, offerLastDay } from '#common/admission/results.ts';

/** One applicant's published result: the outcome, the marks when the college shows them, what to do next. */
export function ResultAnswer({ result }: { result: ResultView }) {
  const { ui, lang } = useSiteContent();
  const t = ui.results;
  const digits = (n: number | string) => (lang === 'ne' ? toDevanagariDigits(n) : String(n));
  const marks = (h: number) => digits(h % 100 === 0 ? String(h / 100) : (h / 100).toFixed(2).replace(/0$/u, ''));
  const headline =
    result.outcome === 'waitlisted'
      ? t.outcome.waitlisted(digits(result.waitlistPosition ?? 0))
      : t.outcome[result.outcome];
  const next =
    result.outcome === 'offered'
      ? t.next.offered(result.deadline ? formatDateIn(lang, offerLastDay(result.deadline)) : '')
      : t.next[result.outcome];
  return (
    <section className={`results-answer results-answer--${result.outcome}`} aria-labelledby="results-answer-title">
      <p className="results-answer__roll">{t.rollLine(digits(result.rollNumber))}</p>
      <h2 id="results-answer-title" tabIndex={-1} autoFocus>
        {headline}
      </h2>
      <dl className="apply-confirmation__facts">
        <div>
          <dt>{t.programme}</dt>
          <dd>{lang === 'ne' ? result.programme.ne : result.programme.en}</dd>
        </div>
      </dl>
      {result.marksHundredths !== null && result.fullMarksHundredths !== null ? (
        <p>{t.marks(marks(result.marksHundredths), marks(result.fullMarksHundredths))}</p>
      ) : null}
      <p>{next}</p>
      {result.outcome === 'offered' || result.outcome === 'waitlisted' ? (
        <p>
          <a href={pathIn(lang, '/admission/status')}>{t.statusLink}</a>
        </p>
      ) : null}
    </section>
  );
}
