import { useId, useState } from 'react';
import { type AdmissionChoice, type PublicAdmission, admissionButtonLabel } from '#common/admission/admission.ts';
import { SEASON_OVERRIDES } from '#common/admission/admission-season.ts';
import { useHydrated } from '#app/lib/admin/admin-hydrated.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { useAdminWrite } from '#app/components/admin/use-admin-write.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';

interface AdmissionFormProps {
  /** What the public sees now, and where it comes from. */
  admission: PublicAdmission;
  /** The switch's value now: the published season's override ('' follows its dates), else the stored status. */
  choice: AdmissionChoice;
  /** The answer to this form when it was posted without JavaScript. */
  pageResult: WriteResult | undefined;
}

/** With a season published: its override; with none, the two statuses the office may show. */
const choicesFor = (admission: PublicAdmission): readonly AdmissionChoice[] =>
  admission.source.season ? SEASON_OVERRIDES : ['ADMISSION ENQUIRY', 'ADMISSION OPEN'];

/**
 * The status page's switch. With a season published, a status chosen here is that season's override and
 * 'Follow the dates' clears it; with none, the status chosen is what the public sees until one is published.
 * Only a changed value is saved (the specification's rule).
 */
export function AdmissionForm({ admission, choice, pageResult }: AdmissionFormProps) {
  const hydrated = useHydrated();
  const choices = choicesFor(admission);
  const season = admission.source.season;
  // A refused post comes back with the status that was chosen, so the choice is not lost.
  const sent = pageResult && !pageResult.ok ? pageResult.values?.status : undefined;
  const refusedChoice = choices.find((c) => c === sent);
  const [selected, setSelected] = useState<AdmissionChoice>(refusedChoice ?? choice);
  const { fetcher, busy, lasting } = useAdminWrite();
  const selectId = useId();
  const hintId = useId();
  const changed = selected !== choice;
  const after = selected || season?.dated || admission.status;
  const label = (c: AdmissionChoice) => (c ? c : `Follow the dates (today: ${season?.dated ?? ''})`);

  return (
    <fetcher.Form method="post" className="admin-form admin-form--narrow admin-panel" aria-label="Set the status">
      <WriteStatus result={lasting ?? pageResult} />
      <input type="hidden" name="intent" value="status" />
      <p>
        {season
          ? `Season ${season.name} is published: its dates decide the status. A status chosen here is that season’s override and stands instead of its dates until you choose “Follow the dates”.`
          : 'No season is published: the status chosen here is what the public sees until a season is published; then the season’s dates decide.'}
      </p>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          {season ? `Status of season ${season.name}` : 'Admission status'}
        </label>
        <select
          id={selectId}
          name="status"
          className="field__input"
          value={selected}
          aria-describedby={hintId}
          onChange={(e) => setSelected(choices.find((c) => c === e.target.value) ?? choice)}
        >
          {choices.map((c) => (
            <option key={c} value={c}>
              {label(c)}
            </option>
          ))}
        </select>
        <p id={hintId} className="field__hint">
          The home page button reads “{admissionButtonLabel(admission.status)}”.
          {changed
            ? ` After saving the public sees ${after} and the button reads “${admissionButtonLabel(after)}”.`
            : null}
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
