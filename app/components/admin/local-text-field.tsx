import type { ReactNode } from 'react';
import type { FieldErrors, FormValues } from '#app/lib/admin-result.ts';
import { AdminField } from './admin-field.tsx';

interface LocalTextFieldProps {
  /** The controls' names are `<name>.en` and `<name>.ne`, as the schema's `{ en, ne }`. */
  name: string;
  legend: ReactNode;
  values: FormValues;
  errors: FieldErrors;
  /** A long text typed as paragraphs separated by an empty line. */
  multiline?: boolean;
  /** Whether the English version may be left empty (an empty text hides what would show it). */
  optional?: boolean;
  hint?: ReactNode;
}

/** One text of the college: its English version and, beside it, its Nepali one (optional, `lang="ne"`). */
export function LocalTextField({ name, legend, values, errors, multiline, optional, hint }: LocalTextFieldProps) {
  const control = (lang: 'en' | 'ne') => {
    const field = `${name}.${lang}`;
    const label =
      lang === 'en' ? (
        <>English{optional ? <span className="field__optional"> (optional)</span> : null}</>
      ) : (
        <>
          Nepali <span className="field__optional">(optional)</span>
        </>
      );
    return (
      <AdminField label={label} error={errors[field]} hint={lang === 'en' ? hint : undefined}>
        {(props) =>
          multiline ? (
            <textarea
              {...props}
              className="field__input field__input--area"
              name={field}
              lang={lang}
              rows={6}
              defaultValue={values[field] ?? ''}
            />
          ) : (
            <input
              {...props}
              className="field__input"
              type="text"
              name={field}
              lang={lang}
              defaultValue={values[field] ?? ''}
            />
          )
        }
      </AdminField>
    );
  };
  return (
    <fieldset className="local-text">
      <legend className="local-text__legend">{legend}</legend>
      <div className="local-text__pair">
        {control('en')}
        {control('ne')}
      </div>
    </fieldset>
  );
}
