import { useId } from 'react';
import { BS_MONTH_NAMES } from '#common/bs-date.ts';
import { bsStringToAd, parseBsDateString } from '#common/bs-date-string.ts';

interface BsDateFieldProps {
  /** The form field: the posted parts are `${name}Day`, `${name}Month` and `${name}Year`. */
  name: string;
  label: string;
  /** The stored B.S. date 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** The years offered, first to last. */
  years: readonly [number, number];
  error?: string | undefined;
  hint?: string | undefined;
  /** Offer 'no date' (an optional date). */
  optional?: boolean;
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
export function BsDateField({ name, label, value, years, error, hint, optional }: BsDateFieldProps) {
  const id = useId();
  const bs = parseBsDateString(value);
  const yearList = Array.from({ length: years[1] - years[0] + 1 }, (_, i) => years[0] + i);
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  const blank = optional ? '—' : 'Choose';
  const ad = adBeside(value);
  return (
    <fieldset className="field bs-date-field" aria-describedby={describedBy}>
      <legend className="field__label">{label}</legend>
      <div className="bs-date-field__parts">
        <label>
          <span className="sr-only">Day</span>
          <select name={`${name}Day`} defaultValue={bs ? String(bs.day) : ''} aria-invalid={invalid}>
            <option value="">{blank}</option>
            {Array.from({ length: 32 }, (_, i) => (
              <option key={i + 1} value={String(i + 1)}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Month</span>
          <select name={`${name}Month`} defaultValue={bs ? String(bs.month) : ''} aria-invalid={invalid}>
            <option value="">{blank}</option>
            {BS_MONTH_NAMES.map((month, i) => (
              <option key={month} value={String(i + 1)}>
                {month}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Year (B.S.)</span>
          <select name={`${name}Year`} defaultValue={bs ? String(bs.year) : ''} aria-invalid={invalid}>
            <option value="">{blank}</option>
            {yearList.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </select>
        </label>
        {ad ? <span className="bs-date-field__ad">{ad}</span> : null}
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
