import { preetiToUnicode } from '#common/i18n/preeti.ts';
import type { AdminWrite } from './admin/admin-action.server.ts';
import { formValues } from './admin/admin-form.ts';

/** The notice texts that 'Convert from Preeti' is offered for, by the intent of each one's button. */
export const NOTICE_PREETI_FIELDS = { title: 'preeti-title', description: 'preeti-description' } as const;
export type NoticePreetiField = keyof typeof NOTICE_PREETI_FIELDS;

/** Set in the values sent back: which field was converted, so the page says so beside it. */
export const PREETI_CONVERTED = 'preetiConverted';

/**
 * 'Convert from Preeti' when JavaScript is off: the button posts the form with its field's intent, and the
 * page comes back with that field in Unicode and everything else as typed. Nothing is saved; the writes
 * need what the page's own write needs (`write`: creating or updating the notice).
 */
export function noticePreetiWrites(write: AdminWrite): Record<string, AdminWrite> {
  return Object.fromEntries(
    Object.entries(NOTICE_PREETI_FIELDS).map(([field, intent]) => [
      intent,
      {
        ...write,
        run: async (form) => {
          const values = formValues(form);
          const typed = values[field] ?? '';
          return { edited: { ...values, [field]: preetiToUnicode(typed), [PREETI_CONVERTED]: field } };
        },
      } satisfies AdminWrite,
    ]),
  );
}
