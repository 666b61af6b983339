import { DOCUMENT_KINDS, type DocumentKind } from '#common/admission/application.ts';
import { SEE_SUBJECTS } from '#common/admission/admission-season.ts';
import { gradeField } from '#common/admission/application-form.ts';
import { useSiteContent } from '#app/lib/site-content.ts';

/** The field a refusal of the application form belongs to: its control's id and its label. */
function fieldOf(name: string, t: ReturnType<typeof useSiteContent>['ui']['apply']): { id: string; label: string } {
  if (name === 'birth_date') return { id: 'field-birth_year', label: t.fields.birth_date };
  if ((DOCUMENT_KINDS as readonly string[]).includes(name)) {
    return { id: `field-file_${name}`, label: t.fields[name as DocumentKind] };
  }
  if (name === 'consent') return { id: 'field-consent', label: t.sections.consent };
  const subject = SEE_SUBJECTS.find((s) => gradeField(s) === name);
  if (subject) return { id: `field-${name}`, label: `${t.fields.grades}: ${t.subjects[subject] ?? subject}` };
  const label = (t.fields as Record<string, string>)[name];
  return { id: `field-${name}`, label: label ?? name };
}

/**
 * The refused form's summary above it: every refused field by its label with the reason, each a link to the
 * field (the same reason is beside the field).
 */
export function ApplicationErrorSummary({ fieldErrors }: { fieldErrors: Record<string, string> }) {
  const { ui } = useSiteContent();
  const entries = Object.entries(fieldErrors);
  if (entries.length === 0) return null;
  return (
    <ul className="apply-error-summary">
      {entries.map(([name, message]) => {
        const { id, label } = fieldOf(name, ui.apply);
        return (
          <li key={name}>
            <a href={`#${id}`}>
              {label}: {message}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
