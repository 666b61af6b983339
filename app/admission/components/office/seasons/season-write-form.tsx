import { type ReactNode, useId, useState } from 'react';
import type { FieldErrors, FormValues, WriteResult } from '#app/lib/admin/admin-result.ts';
import { useAdminWrite } from '#app/components/admin/use-admin-write.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';

export interface FormState {
  /** Refused fields of this form's last post, by name. */
  errors: FieldErrors;
  /** What was typed in this form's refused post (to show again), or null to show the stored values. */
  values: FormValues | null;
  busy: boolean;
}

interface SeasonWriteFormProps {
  /** Names this form among the page's forms: a post without JavaScript comes back to the form that sent it. */
  formKey: string;
  intent: string;
  /** The page's answer to a post made without JavaScript. */
  pageResult: WriteResult | undefined;
  className?: string;
  /** The form's accessible name ('New programme'), as a landmark a keyboard or screen reader user can reach. */
  label: string;
  /** 'multipart/form-data' for a form that sends a file. */
  encType?: 'multipart/form-data';
  /**
   * A form that adds an item (a category, a programme): once saved it starts empty again, so a second click
   * does not add the same item twice. (Without JavaScript the page that answers the post shows it empty.)
   */
  emptyAfterSave?: boolean;
  children: (state: FormState) => ReactNode;
}

/**
 * One of a season page's forms: posted through a fetcher with JavaScript, natively without it, to the
 * page's action by its intent. Its result (and its refused fields with what was typed) shows in the form
 * that was sent, not in the page's others.
 */
export function SeasonWriteForm({
  formKey,
  intent,
  pageResult,
  className,
  label,
  encType,
  emptyAfterSave = false,
  children,
}: SeasonWriteFormProps) {
  const [saves, setSaves] = useState(0);
  const { fetcher, busy, lasting } = useAdminWrite({
    onDone: emptyAfterSave ? () => setSaves((n) => n + 1) : undefined,
  });
  const sentBy = pageResult?.ok ? pageResult.form : pageResult?.values?.form;
  const mine = sentBy === formKey ? pageResult : undefined;
  const result = (fetcher.data as WriteResult | undefined) ?? mine;
  const refused = result && !result.ok ? result : undefined;
  return (
    <fetcher.Form
      key={saves}
      method="post"
      encType={encType}
      className={className ?? 'admin-form admin-panel'}
      aria-label={label}
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="form" value={formKey} />
      <WriteStatus result={lasting ?? result} />
      {children({ errors: refused?.fieldErrors ?? {}, values: refused?.values ?? null, busy })}
    </fetcher.Form>
  );
}

/** A text or number field of a season form, showing again what was typed in a refused post. */
export function SeasonField({
  state,
  name,
  label,
  value,
  type = 'text',
  hint,
  lang,
  rows,
}: {
  state: FormState;
  name: string;
  label: string;
  value: string | number;
  type?: 'text' | 'number';
  hint?: string;
  lang?: string;
  rows?: number;
}) {
  const id = useId();
  const error = state.errors[name];
  const shown = state.values ? (state.values[name] ?? '') : String(value);
  const common = {
    id,
    name,
    defaultValue: shown,
    className: rows ? 'field__input field__input--area' : 'field__input',
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
    lang,
  };
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {rows ? (
        <textarea rows={rows} {...common} />
      ) : (
        <input type="text" inputMode={type === 'number' ? 'decimal' : undefined} {...common} />
      )}
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
    </div>
  );
}
