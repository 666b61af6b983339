import type { ReactNode } from 'react';
import { focusFirstRefused } from '#app/lib/admin/admin-focus.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { resultFor, typedOr } from '#app/lib/admin/admin-section-form.ts';
import { useAdminWrite } from './use-admin-write.tsx';
import { WriteStatus } from './write-status.tsx';

/** What the controls of a section form read: the value to show and the refusal to show beside it. */
export interface SectionFields {
  /** What was typed when the form was refused, otherwise the stored value. */
  value: (name: string, stored: string) => string;
  error: (name: string) => string | undefined;
  busy: boolean;
}

interface SectionFormProps {
  /** The page action's write this form posts to. */
  intent: string;
  /** Names this form among the page's others, so a refused post's values come back to it alone. */
  formKey: string;
  /** The version of the section the form shows; a save from an older one is refused as stale. */
  version: number;
  /** The page's answer to a post made without JavaScript. */
  pageResult: WriteResult | undefined;
  /** Other hidden fields (the item's id). */
  hidden?: Record<string, string>;
  multipart?: boolean;
  className?: string;
  label?: string;
  children: (fields: SectionFields) => ReactNode;
}

/**
 * One form of a site-content page: a real form posted to the page's action (so it works without
 * JavaScript), enhanced by the admin's one write hook. It carries the section's version, shows each
 * field's refusal beside it, and keeps what was typed when refused (in place with JavaScript; from the
 * answer's values without). Key it on the version, so that a save starts it again from what was stored.
 */
export function SectionForm({
  intent,
  formKey,
  version,
  pageResult,
  hidden = {},
  multipart = false,
  className = 'admin-form',
  label,
  children,
}: SectionFormProps) {
  const { fetcher, busy, result, lasting } = useAdminWrite({
    onRefused: (refused) => {
      const form = document.querySelector<HTMLFormElement>(`form[data-form-key="${CSS.escape(formKey)}"]`);
      if (form && refused.fieldErrors) focusFirstRefused(form, refused.fieldErrors);
    },
  });
  const shown = result ?? resultFor(pageResult, formKey);
  const refused = shown && !shown.ok ? shown : undefined;
  const fields: SectionFields = {
    value: (name, stored) => typedOr(refused?.values, name, stored),
    error: (name) => refused?.fieldErrors?.[name],
    busy,
  };
  return (
    <fetcher.Form
      method="post"
      encType={multipart ? 'multipart/form-data' : undefined}
      className={className}
      data-form-key={formKey}
      aria-label={label}
      noValidate
    >
      {lasting ? <WriteStatus result={lasting} /> : null}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="form" value={formKey} />
      <input type="hidden" name="version" value={version} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children(fields)}
    </fetcher.Form>
  );
}
