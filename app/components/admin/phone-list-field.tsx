import { type MouseEvent, useId, useRef, useState } from 'react';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { useHydrated } from '#app/lib/admin/admin-hydrated.ts';
import type { FieldErrors } from '#app/lib/admin/admin-result.ts';
import { type PhoneEdit, editPhones, phoneIntent } from '#app/lib/college-form.ts';

interface PhoneListFieldProps {
  initial: string[];
  errors: FieldErrors;
}

interface Row {
  key: number;
  value: string;
}

/**
 * The college's phone numbers: add, remove and reorder. Each button is a submit button with its own
 * intent, so without JavaScript the page action sends the form back with the list changed (nothing is
 * saved until Save); with it, the same buttons change the list in place.
 */
export function PhoneListField({ initial, errors }: PhoneListFieldProps) {
  const hydrated = useHydrated();
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<Row[]>(() => initial.map((value, key) => ({ key, value })));
  const legendId = useId();
  const listError = errors.phones;

  function apply(event: MouseEvent<HTMLButtonElement>, edit: PhoneEdit) {
    if (!hydrated) return; // the button posts the form
    event.preventDefault();
    // Rows keep their keys (and so their focus) as they move.
    setRows(editPhones(rows, edit, { key: nextKey.current, value: '' }));
    if (edit.kind === 'add') nextKey.current += 1;
  }

  const button = (edit: PhoneEdit, label: string, text: string, disabled = false) => (
    <button
      type="submit"
      className="button button--small"
      name="intent"
      value={phoneIntent(edit)}
      aria-label={label}
      disabled={disabled}
      onClick={(event) => apply(event, edit)}
    >
      {text}
    </button>
  );

  return (
    <fieldset className="phone-list" aria-describedby={listError ? `${legendId}-error` : undefined}>
      <legend id={legendId} className="local-text__legend">
        Phone numbers
      </legend>
      <p className="field__hint">
        As printed on the pages, in this order (up to {CONTENT_LIMITS.phonesMax}). A number needs digits.
      </p>
      {rows.length === 0 ? <p className="field__hint">No phone number is shown.</p> : null}
      <ol className="phone-list__rows">
        {rows.map((row, index) => {
          const field = `phones.${index}`;
          const error = errors[field];
          const inputId = `${legendId}-${row.key}`;
          const n = index + 1;
          return (
            <li key={row.key} className="phone-list__row">
              <label className="field__label" htmlFor={inputId}>
                Phone number {n}
              </label>
              <input
                id={inputId}
                className="field__input phone-list__input"
                type="tel"
                name={field}
                value={row.value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(event) =>
                  setRows(rows.map((r) => (r.key === row.key ? { ...r, value: event.target.value } : r)))
                }
              />
              <span className="phone-list__buttons">
                {button({ kind: 'up', index }, `Move phone number ${n} up`, 'Up', index === 0)}
                {button({ kind: 'down', index }, `Move phone number ${n} down`, 'Down', index === rows.length - 1)}
                {button({ kind: 'remove', index }, `Remove phone number ${n}`, 'Remove')}
              </span>
              {error ? (
                <p id={`${inputId}-error`} className="field__error phone-list__error">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p id={`${legendId}-error`} className="field__error">
          {listError}
        </p>
      ) : null}
      <div>
        {button({ kind: 'add' }, 'Add another number', 'Add another number', rows.length >= CONTENT_LIMITS.phonesMax)}
      </div>
    </fieldset>
  );
}
