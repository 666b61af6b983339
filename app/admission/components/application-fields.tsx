import type { ReactNode } from 'react';
import { BS_MONTH_NAMES } from '#common/dates/bs-date.ts';
import { NEPALI_MONTHS, toDevanagariDigits } from '#common/i18n/nepali-numbers.ts';
import { useSiteContent } from '#app/lib/site-content.ts';

/** What every field of the application form shares: its name, label, the value typed, its refusal. */
interface FieldBase {
  name: string;
  label: string;
  value?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
  /** Set when a page has two forms with a field of this name, so each field's id stays its own. */
  idPrefix?: string;
}

const ids = (name: string, error?: string, hint?: string, idPrefix = '') => {
  const id = `${idPrefix}field-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, describedBy: describedBy || undefined };
};

function Label({ id, label, optional }: { id: string; label: string; optional?: boolean | undefined }) {
  const { ui } = useSiteContent();
  return (
    <label className="form-field__label" htmlFor={id}>
      {label}
      {optional ? <span className="apply-optional"> {ui.apply.optional}</span> : null}
    </label>
  );
}

function Notes({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="apply-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A labelled text input; required unless `optional`. */
export function TextField({
  name,
  label,
  value,
  error,
  hint,
  optional,
  type = 'text',
  inputMode,
  autoComplete,
  lang,
  after,
  idPrefix,
}: FieldBase & {
  type?: string;
  inputMode?: 'text' | 'tel' | 'email' | 'decimal' | 'numeric';
  autoComplete?: string;
  lang?: string;
  after?: ReactNode;
}) {
  const { id, describedBy } = ids(name, error, hint, idPrefix);
  return (
    <div className="form-field">
      <Label id={id} label={label} optional={optional} />
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        required={!optional}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        lang={lang}
        className="form-field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {after}
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled choice among options (value, text); the first option is an empty 'Choose' unless `noEmpty`. */
export function SelectField({
  name,
  label,
  value,
  error,
  hint,
  optional,
  options,
  emptyText,
}: FieldBase & { options: readonly (readonly [string, string])[]; emptyText?: string }) {
  const { ui } = useSiteContent();
  const { id, describedBy } = ids(name, error, hint);
  return (
    <div className="form-field">
      <Label id={id} label={label} optional={optional} />
      <select
        id={id}
        name={name}
        defaultValue={value ?? ''}
        required={!optional}
        className="form-field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{emptyText ?? ui.apply.choose}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A group of radio buttons with a legend. */
export function RadioField({
  name,
  label,
  value,
  error,
  options,
}: FieldBase & { options: readonly (readonly [string, string])[] }) {
  const { id, describedBy } = ids(name, error);
  return (
    <fieldset className="apply-radios" aria-describedby={describedBy} id={id}>
      <legend className="form-field__label">{label}</legend>
      {options.map(([v, text]) => (
        <label key={v} className="apply-radio">
          <input type="radio" name={name} value={v} defaultChecked={value === v} required />
          {text}
        </label>
      ))}
      <Notes id={id} error={error} />
    </fieldset>
  );
}

/** A B.S. date as three choices (year, month, day), as NEB's forms ask for it. */
export function BsDateField({
  prefix,
  label,
  values,
  error,
  years,
}: {
  prefix: string;
  label: string;
  values: Record<string, string> | undefined;
  error?: string | undefined;
  years: readonly number[];
}) {
  const { ui, lang } = useSiteContent();
  const digits = (n: number) => (lang === 'ne' ? toDevanagariDigits(n) : String(n));
  const months = lang === 'ne' ? NEPALI_MONTHS : BS_MONTH_NAMES;
  const errorId = `field-${prefix}_date-error`;
  const part = (name: string, text: string, options: [string, string][]) => (
    <div className="apply-date__part">
      <label className="apply-date__label" htmlFor={`field-${prefix}_${name}`}>
        {text}
      </label>
      <select
        id={`field-${prefix}_${name}`}
        name={`${prefix}_${name}`}
        defaultValue={values?.[`${prefix}_${name}`] ?? ''}
        required
        className="form-field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">—</option>
        {options.map(([v, t]) => (
          <option key={v} value={v}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="apply-date" data-bs-date={prefix}>
      <legend className="form-field__label">{label}</legend>
      <div className="apply-date__parts">
        {part(
          'year',
          ui.apply.fields.birth_year,
          years.map((y) => [String(y), digits(y)]),
        )}
        {part(
          'month',
          ui.apply.fields.birth_month,
          months.map((m, i) => [String(i + 1), m]),
        )}
        {part(
          'day',
          ui.apply.fields.birth_day,
          Array.from({ length: 32 }, (_, i) => [String(i + 1), digits(i + 1)]),
        )}
      </div>
      <p
        className="apply-hint"
        data-ad-date={prefix}
        data-ad-text={ui.apply.hints.adDate('{date}')}
        aria-live="polite"
      />
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A titled section of the form. */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="apply-section" aria-labelledby={`apply-${id}`}>
      <h2 id={`apply-${id}`} className="apply-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
