import { Form } from 'react-router';
import { BS_SOURCE_MAX } from '#common/dates/bs-calendar.ts';
import { AdminField } from '../admin-field.tsx';

/**
 * Confirms a forecast year from the printed government calendar: the owner names the calendar the month
 * lengths shown were checked with. Posts without JavaScript too.
 */
export function BsConfirmForm({
  year,
  typed,
  error,
  busy,
}: {
  year: number;
  /** What was typed when the confirmation was last refused. */
  typed: string | undefined;
  error: string | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" className="bs-confirm" aria-label={`Confirm ${year} B.S.`}>
      <input type="hidden" name="year" value={year} />
      <AdminField
        label="Confirmed from"
        error={error}
        hint={`The printed calendar these lengths match, e.g. Nepal Panchanga Nirnayak Samiti calendar ${year}, printed.`}
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="confirmedFrom"
            required
            maxLength={BS_SOURCE_MAX}
            defaultValue={typed ?? ''}
          />
        )}
      </AdminField>
      <button
        className="button button--small button--primary"
        type="submit"
        name="intent"
        value="confirm"
        disabled={busy}
      >
        Confirm {year}
      </button>
    </Form>
  );
}
