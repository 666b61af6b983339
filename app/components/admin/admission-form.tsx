import { type FormEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import { ADMISSION_STATUSES, type AdmissionStatus, admissionButtonLabel } from '#common/admission.ts';
import { api } from '#app/lib/api-client.ts';

export const STATUS_UPDATED = 'Admission status updated successfully.';
export const STATUS_FAILED = 'Failed to update admission status.';

/** The admission status select; only a changed value is saved (SPEC.md section 4). */
export function AdmissionForm({ current }: { current: AdmissionStatus }) {
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<AdmissionStatus>(current);
  const [saving, setSaving] = useState(false);
  const selectId = useId();
  const hintId = useId();
  const changed = selected !== current;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!changed || saving) return;
    setSaving(true);
    try {
      await api('/api/admin/admission', { method: 'PUT', json: { status: selected } });
      toast.success(STATUS_UPDATED);
    } catch (err) {
      console.error('Updating the admission status failed', err);
      toast.error(STATUS_FAILED);
      setSelected(current);
    } finally {
      setSaving(false);
    }
    await revalidator.revalidate();
  }

  return (
    <form className="admin-form admin-form--narrow admin-panel" onSubmit={(e) => void onSubmit(e)}>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Admission status
        </label>
        <select
          id={selectId}
          className="field__input"
          value={selected}
          aria-describedby={hintId}
          disabled={saving}
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
        <button className="button button--primary" type="submit" disabled={!changed || saving}>
          {saving ? 'Saving…' : 'Save status'}
        </button>
      </div>
    </form>
  );
}
