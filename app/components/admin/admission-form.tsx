import { useId, useState } from 'react';
import { ADMISSION_STATUSES, type AdmissionStatus, admissionButtonLabel } from '#common/admission.ts';
import { useHydrated } from '#app/lib/admin-hydrated.ts';
import type { WriteResult } from '#app/lib/admin-result.ts';
import { useAdminWrite } from './use-admin-write.tsx';
import { WriteStatus } from './write-status.tsx';

interface AdmissionFormProps {
  current: AdmissionStatus;
  /** The answer to this form when it was posted without JavaScript. */
  pageResult: WriteResult | undefined;
}

const asStatus = (value: string | undefined): AdmissionStatus | undefined =>
  ADMISSION_STATUSES.find((status) => status === value);

/** The admission status select; only a changed value is saved (the specification's rule). */
export function AdmissionForm({ current, pageResult }: AdmissionFormProps) {
  const hydrated = useHydrated();
  // A refused post comes back with the status that was chosen, so the choice is not lost.
  const refusedChoice = pageResult && !pageResult.ok ? asStatus(pageResult.values?.status) : undefined;
  const [selected, setSelected] = useState<AdmissionStatus>(refusedChoice ?? current);
  const { fetcher, busy, lasting } = useAdminWrite();
  const selectId = useId();
  const hintId = useId();
  const changed = selected !== current;

  return (
    <fetcher.Form method="post" className="admin-form admin-form--narrow admin-panel">
      <WriteStatus result={lasting ?? pageResult} />
      <input type="hidden" name="intent" value="status" />
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Admission status
        </label>
        <select
          id={selectId}
          name="status"
          className="field__input"
          value={selected}
          aria-describedby={hintId}
          onChange={(e) => setSelected(e.target.value as AdmissionStatus)}
        >
          {ADMISSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
        <p id={hintId} className="field__hint">
          Now published: <strong>{current}</strong>. The home page button reads “{admissionButtonLabel(current)}”.
          {changed ? ` After saving it will read “${admissionButtonLabel(selected)}”.` : null}
        </p>
      </div>
      <div>
        {/* Only once the page runs can the button wait for a change; the server refuses to save an unchanged one anyway. */}
        <button className="button button--primary" type="submit" disabled={hydrated && (!changed || busy)}>
          {busy ? 'Saving…' : 'Save status'}
        </button>
      </div>
    </fetcher.Form>
  );
}
