import type { ReactNode } from 'react';
import type { LocalText } from '#common/site-content/local-text.ts';
import { AdminField } from './admin-field.tsx';
import { PreetiConvertButton } from './preeti-convert-button.tsx';

/** Where a text pair's controls read what to show: what was typed when refused, else the stored text. */
export interface TextPairSource {
  value: (name: string, stored: string) => string;
  error: (name: string) => string | undefined;
}

interface TextPairFieldProps {
  /** The path of the text (`motto`, `items.2.quote`); its controls are `<name>.en` and `<name>.ne`. */
  name: string;
  label: string;
  fields: TextPairSource;
  /** The stored text; absent when `fields` already knows every value. */
  stored?: LocalText;
  /** Paragraphs: a text area of this many rows instead of one line. */
  rows?: number;
  /** Whether the English version may be left empty (an empty text hides what would show it). */
  optional?: boolean;
  hint?: ReactNode;
  /**
   * A group named by the label, its controls labelled 'English' and 'Nepali (optional)' (the long
   * college form); otherwise two fields labelled '<label>' and '<label> (Nepali)' (lists of items).
   */
  grouped?: boolean;
  /** A grouped pair's control labels on a page in another language (the first run in Nepali). */
  versionLabels?: { en: string; ne: string; optional: string };
}

const OPTIONAL = <span className="field__optional">(optional)</span>;

/**
 * One text of the college's content: its English version and, beside it (below on a phone), its Nepali
 * one, optional (an empty Nepali version shows the English one on Nepali pages), each with its own refusal.
 */
export function TextPairField({
  name,
  label,
  fields,
  stored,
  rows,
  optional = false,
  hint,
  grouped = false,
  versionLabels,
}: TextPairFieldProps) {
  const optionalWord = versionLabels ? <span className="field__optional">{versionLabels.optional}</span> : OPTIONAL;
  const versions = [
    {
      key: 'en',
      label: grouped ? (versionLabels?.en ?? 'English') : label,
      optional,
      hint,
    },
    {
      key: 'ne',
      label: grouped ? (versionLabels?.ne ?? 'Nepali') : `${label} (Nepali)`,
      optional: grouped,
      hint: grouped ? undefined : 'Optional: empty shows the English text.',
    },
  ] as const;
  const controls = versions.map((version) => {
    const control = `${name}.${version.key}`;
    const props = {
      className: rows ? 'field__input field__input--area' : 'field__input',
      name: control,
      lang: version.key,
      defaultValue: fields.value(control, stored?.[version.key] ?? ''),
    };
    return (
      <AdminField
        key={version.key}
        label={
          version.optional ? (
            <>
              {version.label} {optionalWord}
            </>
          ) : (
            version.label
          )
        }
        error={fields.error(control)}
        hint={version.hint}
      >
        {(field) => (
          <>
            {rows ? <textarea {...field} {...props} rows={rows} /> : <input {...field} {...props} type="text" />}
            {/* Text typed in the legacy Preeti font arrives as Latin letters; with script, one click converts it. */}
            {version.key === 'ne' ? <PreetiConvertButton fieldId={field.id} /> : null}
          </>
        )}
      </AdminField>
    );
  });
  if (!grouped) return <div className="text-pair">{controls}</div>;
  return (
    <fieldset className="text-pair-group">
      <legend className="text-pair-group__legend">{label}</legend>
      <div className="text-pair">{controls}</div>
    </fieldset>
  );
}
