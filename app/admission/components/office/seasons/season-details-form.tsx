import type { Season } from '#common/admission/admission-season.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { BsDateField } from '#app/components/admin/bs-date-field.tsx';
import { SubmitButton } from '#app/components/admin/submit-button.tsx';
import { type FormState, SeasonField, SeasonWriteForm } from './season-write-form.tsx';

const DATE_FIELDS = [
  { name: 'opensOn', label: 'Applications open', optional: false },
  { name: 'closesOn', label: 'Applications close', optional: false },
  { name: 'lateClosesOn', label: 'Late applications close (optional)', optional: true },
  { name: 'entranceOn', label: 'Entrance examination (optional)', optional: true },
  { name: 'resultsOn', label: 'Results (optional)', optional: true },
  { name: 'admissionDeadline', label: 'Admission deadline (optional)', optional: true },
] as const;

/** A B.S. date as a refused post sent it back (its three parts), else as stored. */
function dateShown(state: FormState, name: string, stored: string): string {
  if (!state.values) return stored;
  const [y, m, d] = ['Year', 'Month', 'Day'].map((p) => state.values?.[`${name}${p}`] ?? '');
  return y && m && d ? `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}` : '';
}

const EMPTY: Omit<Season, 'id' | 'statusOverride' | 'publishedAt' | 'quotaPublishedOn' | 'updatedAt'> = {
  name: '',
  opensOn: '',
  closesOn: '',
  lateClosesOn: '',
  lateFee: 0,
  entranceOn: '',
  resultsOn: '',
  admissionDeadline: '',
  expectedEnrolment: 0,
  documentsEn: '',
  documentsNe: '',
};

/** A season's name, dates (B.S., the A.D. beside), late fee, expected enrolment and documents to bring. */
export function SeasonDetailsForm({
  season,
  years,
  pageResult,
}: {
  season: Season | null;
  years: readonly [number, number];
  pageResult: WriteResult | undefined;
}) {
  const s = season ?? EMPTY;
  return (
    <SeasonWriteForm
      formKey={season ? 'season' : 'new-season'}
      intent={season ? 'update-season' : 'create-season'}
      pageResult={pageResult}
      label={season ? 'Season details' : 'New season'}
    >
      {(state) => (
        <>
          <SeasonField state={state} name="name" label="Season" value={s.name} hint="Its B.S. years, e.g. 2084/85." />
          <div className="season-dates-grid">
            {DATE_FIELDS.map((f) => (
              <BsDateField
                key={f.name}
                name={f.name}
                label={f.label}
                value={dateShown(state, f.name, s[f.name])}
                years={years}
                optional={f.optional}
                error={state.errors[f.name]}
              />
            ))}
          </div>
          <SeasonField
            state={state}
            name="lateFee"
            label="Late fee (rupees)"
            type="number"
            value={s.lateFee}
            hint="Charged to applications after the closing date, until the late closing."
          />
          <SeasonField
            state={state}
            name="expectedEnrolment"
            label="Expected enrolment in all"
            type="number"
            value={s.expectedEnrolment}
            hint="The law's minimum of free seats is reckoned on it; 0 uses the seats of all programmes."
          />
          <SeasonField
            state={state}
            name="documentsEn"
            label="Documents to bring (one a line)"
            value={s.documentsEn}
            rows={4}
          />
          <SeasonField
            state={state}
            name="documentsNe"
            label="Documents to bring, in Nepali"
            value={s.documentsNe}
            rows={4}
            lang="ne"
          />
          <SubmitButton busy={state.busy} label={season ? 'Save season' : 'Create season'} />
        </>
      )}
    </SeasonWriteForm>
  );
}
