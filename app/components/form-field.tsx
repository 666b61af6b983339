import type { InputHTMLAttributes } from 'react';

interface FormFieldProps {
  name: string;
  label: string;
  error?: string | undefined;
  multiline?: boolean;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  defaultValue?: string | undefined;
  /** Set on the first refused field of a form the server sent back, so that the visitor lands on it. */
  autoFocus?: boolean;
  /** False for a field that may be left empty (one of two that are enough together). */
  required?: boolean;
}

/** A labelled form control, required unless told otherwise, with its error message tied to it for assistive technology. */
export function FormField({
  name,
  label,
  error,
  multiline,
  type = 'text',
  autoComplete,
  inputMode,
  defaultValue,
  autoFocus,
  required = true,
}: FormFieldProps) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    required,
    defaultValue,
    autoFocus,
    className: 'form-field__control',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} />
      )}
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
