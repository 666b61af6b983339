import { type ReactNode, useId, useState } from 'react';
import { BS_MONTH_NAMES } from '#common/dates/bs-date.ts';
import { bsStringToAd, parseBsDateString } from '#common/dates/bs-date-string.ts';
import { bsDateOfParts } from '#app/lib/admin/admin-form.ts';

interface BsDateFieldProps {
  /** The form field: the posted parts are `${name}Day`, `${name}Month` and `${name}Year`. */
  name: string;
  label: ReactNode;
  /** The stored B.S. date 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** The years offered, first to last. */
  years: readonly [number, number];
  error?: string | undefined;
  hint?: string | undefined;
  /**
   * Offer 'no date' (an optional date). Each part's empty choice names its part (Day, Month, Year): three
   * alike would not say which is which.
   */
  optional?: boolean;
  /**
   * The parts as chosen, by posted name (`${name}Day`…), over `value`: a form that keeps its own state passes
   * them with onPart, and a refused form gets back the parts it sent, even a date left half chosen.
   */
  parts?: Readonly<Record<string, string | undefined>> | undefined;
  onPart?: ((field: string, value: string) => void) | undefined;
  /** More controls of the same field after the year (a time of day). */
  children?: ReactNode;
}

const adFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The A.D. day a stored B.S. date falls on, as the field shows it beside ('' when it has none). */
function adBeside(value: string): string {
  try {
    return value ? `${adFormatter.format(new Date(`${bsStringToAd(value)}T00:00:00Z`))} A.D.` : '';
  } catch {
    return '';
  }
}

/**
 * A B.S. date entered as three choices (day, month, year), so it works without JavaScript and on any phone;
 * the A.D. day of the stored date is shown beside it. The server puts the parts together (formBsDate) and
 * refuses a day its month does not have.
 */
export function BsDateField(props: BsDateFieldProps) {
  const { name, label, value, years, error, hint, optional, parts, onPart, children } = props;
  const id = useId();
  const bs = parseBsDateString(value);
  const chosen = (part: 'Day' | 'Month' | 'Year', stored: number | undefined) =>
    parts?.[`${name}${part}`] ?? (stored === undefined ? '' : String(stored));
  const shown = { Day: chosen('Day', bs?.day), Month: chosen('Month', bs?.month), Year: chosen('Year', bs?.year) };
  // Parts changed in the browser on a form that does not follow them (no onPart): the A.D. day beside follows
  // them at once. Without JavaScript it shows the day of the date as posted.
  const [changed, setChanged] = useState<Partial<Record<'Day' | 'Month' | 'Year', string>>>({});
  const current = onPart ? shown : { ...shown, ...changed };
  // A year chosen before (an old notice) stays offered, though outside the years given.
  const first = Math.min(years[0], Number(shown.Year) || years[0]);
  const last = Math.max(years[1], Number(shown.Year) || years[1]);
  const yearList = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  const ad = adBeside(
    bsDateOfParts(
      { [`${name}Day`]: current.Day, [`${name}Month`]: current.Month, [`${name}Year`]: current.Year },
      name,
    ),
  );
  /** A select's name and value: followed by the form's state with onPart, else its first value only. */
  const select = (part: 'Day' | 'Month' | 'Year') => ({
    name: `${name}${part}`,
    className: 'field__input',
    'data-field': name,
    'aria-invalid': invalid,
    // A date that is not optional says so to screen readers; the server refuses it left empty.
    'aria-required': optional ? undefined : true,
    ...(onPart
      ? { value: shown[part], onChange: (e: { target: { value: string } }) => onPart(`${name}${part}`, e.target.value) }
      : {
          defaultValue: shown[part],
          onChange: (e: { target: { value: string } }) => setChanged((c) => ({ ...c, [part]: e.target.value })),
        }),
  });
  return (
    <fieldset className="field bs-date-field" aria-describedby={describedBy}>
      <legend className="field__label">{label}</legend>
      <div className="bs-date-field__parts">
        <label>
          <span className="sr-only">Day</span>
          <select {...select('Day')}>
            <option value="">Day</option>
            {Array.from({ length: 32 }, (_, i) => (
              <option key={i + 1} value={String(i + 1)}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Month</span>
          <select {...select('Month')}>
            <option value="">Month</option>
            {BS_MONTH_NAMES.map((month, i) => (
              <option key={month} value={String(i + 1)}>
                {month}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Year (B.S.)</span>
          <select {...select('Year')}>
            <option value="">Year</option>
            {yearList.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </label>
        {children}
        {ad ? (
          <span className="bs-date-field__ad" aria-live="polite">
            {ad}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
