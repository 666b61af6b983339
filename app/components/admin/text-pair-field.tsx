import type { LocalText } from '#common/site-content/local-text.ts';
import { AdminField } from './admin-field.tsx';
import type { SectionFields } from './section-form.tsx';

interface TextPairFieldProps {
  label: string;
  /** The path of the text in the section (`title`, `items.2.quote`); its controls are `<name>.en` and `<name>.ne`. */
  name: string;
  stored: LocalText;
  fields: SectionFields;
  /** Paragraphs: a text area instead of one line. */
  rows?: number;
  optional?: boolean;
  hint?: string;
}

/**
 * One text of the college's content: its English version and, beside it, its Nepali one (optional:
 * an empty Nepali version shows the English one on Nepali pages), each with its own refusal.
 */
export function TextPairField({ label, name, stored, fields, rows, optional = false, hint }: TextPairFieldProps) {
  const versions = [
    { key: 'en', label, lang: undefined, hint },
    { key: 'ne', label: `${label} (Nepali)`, lang: 'ne', hint: 'Optional: empty shows the English text.' },
  ] as const;
  return (
    <div className="text-pair">
      {versions.map((version) => {
        const control = `${name}.${version.key}`;
        const shownLabel =
          version.key === 'en' && optional ? (
            <>
              {label} <span className="field__optional">(optional)</span>
            </>
          ) : (
            version.label
          );
        return (
          <AdminField key={version.key} label={shownLabel} error={fields.error(control)} hint={version.hint}>
            {(props) =>
              rows ? (
                <textarea
                  {...props}
                  className="field__input field__input--area"
                  name={control}
                  lang={version.lang}
                  rows={rows}
                  defaultValue={fields.value(control, stored[version.key])}
                />
              ) : (
                <input
                  {...props}
                  className="field__input"
                  type="text"
                  name={control}
                  lang={version.lang}
                  defaultValue={fields.value(control, stored[version.key])}
                />
              )
            }
          </AdminField>
        );
      })}
    </div>
  );
}
