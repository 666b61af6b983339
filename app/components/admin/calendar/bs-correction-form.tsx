import { useState } from 'react';
import { Form } from 'react-router';
import { describeMonthStartChange, monthStartChanges } from '#common/dates/bs-calendar-changes.ts';
import type { BsCalendarYear } from '#common/dates/bs-calendar.ts';
import { BS_MONTH_DAYS, BS_SOURCE_MAX } from '#common/dates/bs-calendar.ts';
import { BS_MONTH_NAMES } from '#common/dates/bs-date.ts';
import type { FieldErrors, FormValues } from '#app/lib/admin/admin-result.ts';
import { AdminField } from '../admin-field.tsx';

interface BsCorrectionFormProps {
  year: BsCalendarYear;
  /** The values this form was last posted with (refused, or previewed without JavaScript). */
  values: FormValues | undefined;
  fieldErrors: FieldErrors | undefined;
  busy: boolean;
}

const field = (i: number) => `months.${i}`;

/** The typed lengths as numbers, or null while any is not a whole number of days. */
function lengthsOf(typed: readonly string[]): number[] | null {
  const months = typed.map((text) => (/^\s*\d{1,3}\s*$/u.test(text) ? Number(text) : Number.NaN));
  return months.every(Number.isInteger) ? months : null;
}

/**
 * A year's twelve month lengths and the calendar they come from. What the lengths change (which first days
 * of a month move) is shown as they are typed, and without JavaScript by the Preview button.
 */
export function BsCorrectionForm({ year, values, fieldErrors, busy }: BsCorrectionFormProps) {
  const start = year.months ?? year.packageMonths ?? Array<number>(12).fill(30);
  const [typed, setTyped] = useState(() => start.map((days, i) => values?.[field(i)] ?? String(days)));
  const lengths = lengthsOf(typed);
  const changes = lengths ? monthStartChanges(year.year, year.months, lengths) : [];
  const total = lengths?.reduce((sum, days) => sum + days, 0);
  return (
    <Form method="post" className="bs-correct admin-panel" id="correct" aria-labelledby="correct-title">
      <h2 id="correct-title">Correct {year.year} B.S.</h2>
      <p className="field__hint">
        Enter each month&apos;s days ({BS_MONTH_DAYS.min} to {BS_MONTH_DAYS.max}) as the government&apos;s calendar for{' '}
        {year.year} gives them; the year has 365 or 366 days.
      </p>
      <input type="hidden" name="year" value={year.year} />
      <div className="bs-correct__months">
        {BS_MONTH_NAMES.map((name, i) => (
          <AdminField key={name} label={name} error={fieldErrors?.[field(i)]}>
            {(control) => (
              <input
                {...control}
                className="field__input"
                name={field(i)}
                inputMode="numeric"
                pattern="[0-9]*"
                required
                value={typed[i]}
                onChange={(event) => setTyped(typed.map((t, j) => (j === i ? event.target.value : t)))}
              />
            )}
          </AdminField>
        ))}
      </div>
      {fieldErrors?.months ? (
        <p className="field__error" role="alert">
          {fieldErrors.months}
        </p>
      ) : null}
      <AdminField
        label="Source"
        error={fieldErrors?.source}
        hint="The calendar these lengths come from, e.g. Government of Nepal, Nepal Panchanga Nirnayak Samiti calendar."
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="source"
            required
            maxLength={BS_SOURCE_MAX}
            defaultValue={values?.source ?? year.correction?.source ?? ''}
          />
        )}
      </AdminField>
      <label className="bs-correct__confirm">
        <input type="checkbox" name="confirm" value="yes" defaultChecked={values ? values.confirm === 'yes' : false} />{' '}
        These lengths are from the printed government calendar: confirm {year.year} B.S. with them.{' '}
        <span className="field__hint">
          Left unticked, {year.year} stays a forecast
          {year.confirmation ? ' (changed lengths withdraw its confirmation)' : ''}.
        </span>
      </label>
      <section className="bs-correct__preview" aria-live="polite" aria-label="What this changes">
        {total !== undefined ? <p>These months add up to {total} days.</p> : null}
        {lengths && changes.length === 0 ? <p>No first day of a month moves.</p> : null}
        {changes.length > 0 ? (
          <ul>
            {changes.map((change) => (
              <li key={change.bs}>{describeMonthStartChange(change)}</li>
            ))}
          </ul>
        ) : null}
      </section>
      <div className="bs-correct__buttons">
        <button className="button button--primary" type="submit" name="intent" value="correct" disabled={busy}>
          Save the correction
        </button>
        <button className="button" type="submit" name="intent" value="preview" formNoValidate disabled={busy}>
          Preview
        </button>
      </div>
    </Form>
  );
}
