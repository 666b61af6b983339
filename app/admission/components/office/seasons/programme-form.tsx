import {
  FEE_PERIODS,
  NEB_GRADES,
  NEB_STREAMS,
  type Programme,
  type ProgrammeInput,
  SEE_SUBJECTS,
  type NebGrade,
  type ScholarshipCategory,
  nebMinimum,
} from '#common/admission/admission-season.ts';
import { type ChangeEvent, useId } from 'react';
import { streamDefaultsFor } from '#common/stream-defaults.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { BsDateField } from '#app/components/admin/bs-date-field.tsx';
import { SubmitButton } from '#app/components/admin/submit-button.tsx';
import { PaymentFields } from './payment-form.tsx';
import { type FormState, SeasonField, SeasonWriteForm } from './season-write-form.tsx';

/** Spare rows offered after the stored ones, so a fee or a grade can be added without JavaScript. */
const SPARE_ROWS = 2;

const PERIOD_LABELS: Record<(typeof FEE_PERIODS)[number], string> = {
  once: 'Once',
  year: 'Per year',
  month: 'Per month',
  instalment: 'Per instalment',
};

/** A new programme starts from the usual fee lines and NEB's minimum for Science. */
const NEW_PROGRAMME: ProgrammeInput = {
  nameEn: '',
  nameNe: '',
  stream: 'Science',
  seats: 0,
  applicationFee: 0,
  fees: [
    { nameEn: 'Admission fee', nameNe: 'भर्ना शुल्क', amount: 0, period: 'once', neb: false },
    { nameEn: 'Annual fee', nameNe: 'वार्षिक शुल्क', amount: 0, period: 'year', neb: false },
    { nameEn: 'Monthly fee', nameNe: 'मासिक शुल्क', amount: 0, period: 'month', neb: false },
    { nameEn: 'NEB registration fee', nameNe: 'राष्ट्रिय परीक्षा बोर्ड दर्ता शुल्क', amount: 0, period: 'once', neb: true },
    { nameEn: 'NEB examination fee', nameNe: 'राष्ट्रिय परीक्षा बोर्ड परीक्षा शुल्क', amount: 0, period: 'year', neb: true },
  ],
  admissionFeeForContinuing: true,
  feeApprovedBy: '',
  feeApprovedOn: '',
  feeReference: '',
  ...nebMinimum('Science'),
  scholarshipSeats: {},
};

/** How many rows of a group ('fees.3.nameEn') a refused post sent back. */
function sentRows(state: FormState, group: string): number {
  let n = 0;
  while (state.values && `${group}.${n}.${group === 'fees' ? 'nameEn' : 'subject'}` in state.values) n++;
  return n;
}

/**
 * A new programme's stream was changed: its lowest GPA and grades become the new stream's NEB minimum while
 * they are still the defaults of the stream they were shown for (`defaultsOf`); minima the office changed stay.
 */
function followStreamDefaults(event: ChangeEvent<HTMLSelectElement>) {
  const form = event.currentTarget.form;
  if (!form) return;
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  const shownFor = field('defaultsOf');
  const minGpa = field('minGpa');
  if (!shownFor || !minGpa) return;
  const rows: number[] = [];
  for (let i = 0; field(`minGrades.${i}.subject`); i++) rows.push(i);
  const grade = (i: number, part: 'subject' | 'grade') => field(`minGrades.${i}.${part}`)!;
  const shown = {
    minGpa: Number(minGpa.value.trim()),
    minGrades: rows
      .map((i) => ({ subject: grade(i, 'subject').value, grade: grade(i, 'grade').value as NebGrade }))
      .filter((g) => g.subject || g.grade),
  };
  const next = streamDefaultsFor(shown, shownFor.value, event.currentTarget.value);
  if (!next) return;
  minGpa.value = next.minGpa.toFixed(2);
  for (const i of rows) {
    grade(i, 'subject').value = next.minGrades[i]?.subject ?? '';
    grade(i, 'grade').value = next.minGrades[i]?.grade ?? '';
  }
  shownFor.value = event.currentTarget.value;
}

function Select({
  name,
  label,
  options,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  options: readonly (readonly [string, string])[];
  value: string;
  error?: string | undefined;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        className="field__input"
        aria-invalid={error ? true : undefined}
        onChange={onChange}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {error ? <p className="field__error">{error}</p> : null}
    </div>
  );
}

/**
 * A programme of the season: name, NEB stream, seats, the approved fee lines (NEB's fees marked apart),
 * who approved them, who may apply (lowest GPA and grades) and its free seats by scholarship category.
 */
export function ProgrammeForm({
  programme,
  categories,
  years,
  pageResult,
}: {
  programme: Programme | null;
  categories: ScholarshipCategory[];
  years: readonly [number, number];
  pageResult: WriteResult | undefined;
}) {
  const p = programme ?? NEW_PROGRAMME;
  const key = programme ? `programme-${programme.id}` : 'new-programme';
  return (
    <SeasonWriteForm
      formKey={key}
      intent={programme ? 'update-programme' : 'add-programme'}
      pageResult={pageResult}
      emptyAfterSave={!programme}
      label={programme ? `Programme ${programme.nameEn}` : 'New programme'}
      className="admin-form admin-panel season-programme"
    >
      {(state) => {
        const shown = (name: string, stored: string | number | boolean) =>
          state.values ? (state.values[name] ?? '') : String(stored);
        const feeRows = Math.max(p.fees.length, sentRows(state, 'fees')) + SPARE_ROWS;
        const gradeRows = Math.max(p.minGrades.length, sentRows(state, 'minGrades')) + SPARE_ROWS;
        return (
          <>
            {programme ? (
              <input type="hidden" name="id" value={programme.id} />
            ) : (
              // The stream whose NEB minimum the 'Who may apply' fields were filled with.
              <input type="hidden" name="defaultsOf" defaultValue={shown('defaultsOf', p.stream)} />
            )}
            <div className="season-row">
              <SeasonField state={state} name="nameEn" label="Programme" value={p.nameEn} />
              <SeasonField state={state} name="nameNe" label="Programme in Nepali" value={p.nameNe} lang="ne" />
            </div>
            <div className="season-row">
              <Select
                name="stream"
                label="NEB stream"
                options={NEB_STREAMS.map((s) => [s, s] as const)}
                value={shown('stream', p.stream)}
                error={state.errors.stream}
                onChange={programme ? undefined : followStreamDefaults}
              />
              <SeasonField state={state} name="seats" label="Seats" type="number" value={p.seats} />
            </div>
            <fieldset className="season-group">
              <legend>Fees (rupees)</legend>
              <p className="field__hint">Leave a row empty to leave it out. Tick NEB for fees paid to the board.</p>
              {Array.from({ length: feeRows }, (_, i) => {
                const fee = p.fees[i];
                const f = (name: string) => `fees.${i}.${name}`;
                const neb = state.values ? state.values[f('neb')] === 'on' : (fee?.neb ?? false);
                const error = state.errors[f('nameEn')] ?? state.errors[f('amount')] ?? state.errors[f('period')];
                return (
                  <div key={f('row')} className="season-fee-row">
                    <label>
                      <span className="sr-only">Fee {i + 1} name</span>
                      <input
                        className="field__input"
                        name={f('nameEn')}
                        placeholder="Fee name"
                        defaultValue={shown(f('nameEn'), fee?.nameEn ?? '')}
                      />
                    </label>
                    <label>
                      <span className="sr-only">Fee {i + 1} name in Nepali</span>
                      <input
                        className="field__input"
                        name={f('nameNe')}
                        lang="ne"
                        placeholder="नेपालीमा"
                        defaultValue={shown(f('nameNe'), fee?.nameNe ?? '')}
                      />
                    </label>
                    <label>
                      <span className="sr-only">Fee {i + 1} amount</span>
                      <input
                        className="field__input"
                        name={f('amount')}
                        inputMode="numeric"
                        placeholder="Amount"
                        aria-invalid={state.errors[f('amount')] ? true : undefined}
                        defaultValue={shown(f('amount'), fee ? fee.amount : '')}
                      />
                    </label>
                    <label>
                      <span className="sr-only">Fee {i + 1} paid</span>
                      <select
                        className="field__input"
                        name={f('period')}
                        defaultValue={shown(f('period'), fee?.period ?? 'once')}
                      >
                        {FEE_PERIODS.map((period) => (
                          <option key={period} value={period}>
                            {PERIOD_LABELS[period]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className="season-check">
                      <input type="checkbox" name={f('neb')} defaultChecked={neb} /> NEB
                    </label>
                    {error ? <p className="field__error season-fee-row__error">{`Fee ${i + 1}: ${error}`}</p> : null}
                  </div>
                );
              })}
              <label className="season-check">
                <input
                  type="checkbox"
                  name="admissionFeeForContinuing"
                  defaultChecked={
                    state.values ? state.values.admissionFeeForContinuing === 'on' : p.admissionFeeForContinuing
                  }
                />{' '}
                The admission fee applies to the college's own continuing students too
              </label>
            </fieldset>
            <div className="season-row">
              <SeasonField state={state} name="feeApprovedBy" label="Fees approved by" value={p.feeApprovedBy} />
              <SeasonField state={state} name="feeReference" label="Approval reference" value={p.feeReference} />
            </div>
            <SeasonField
              state={state}
              name="applicationFee"
              label="Application fee (Rs)"
              type="number"
              value={String(p.applicationFee)}
              hint="Paid at the bank with the deposit slip or at the counter; 0 when applying costs nothing."
            />
            <BsDateField
              name="feeApprovedOn"
              label="Approved on"
              value={p.feeApprovedOn}
              years={[years[0] - 1, years[1]]}
              optional
              error={state.errors.feeApprovedOn}
            />
            <fieldset className="season-group">
              <legend>Who may apply</legend>
              <SeasonField
                state={state}
                name="minGpa"
                label="Lowest SEE GPA"
                type="number"
                value={p.minGpa.toFixed(2)}
                hint={
                  programme
                    ? "NEB's minimum: 1.60 for every stream, 2.00 for Science."
                    : "NEB's minimum: 1.60 for every stream, 2.00 for Science. Unless changed, these follow the stream chosen."
                }
              />
              {Array.from({ length: gradeRows }, (_, i) => {
                const g = p.minGrades[i];
                const f = (name: string) => `minGrades.${i}.${name}`;
                const error = state.errors[f('subject')] ?? state.errors[f('grade')];
                return (
                  <div key={f('row')} className="season-grade-row">
                    <label>
                      <span className="sr-only">Subject {i + 1}</span>
                      <select
                        className="field__input"
                        name={f('subject')}
                        defaultValue={shown(f('subject'), g?.subject ?? '')}
                      >
                        <option value="">Subject…</option>
                        {SEE_SUBJECTS.map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label>
                      <span className="sr-only">Lowest grade in subject {i + 1}</span>
                      <select
                        className="field__input"
                        name={f('grade')}
                        defaultValue={shown(f('grade'), g?.grade ?? '')}
                      >
                        <option value="">Grade…</option>
                        {NEB_GRADES.map((grade) => (
                          <option key={grade} value={grade}>
                            at least {grade}
                          </option>
                        ))}
                      </select>
                    </label>
                    {error ? <p className="field__error">{`Subject ${i + 1}: ${error}`}</p> : null}
                  </div>
                );
              })}
            </fieldset>
            {categories.length > 0 ? (
              <fieldset className="season-group">
                <legend>Free seats by scholarship category</legend>
                <div className="season-row">
                  {categories.map((c) => (
                    <SeasonField
                      key={c.id}
                      state={state}
                      name={`scholarshipSeats.${c.id}`}
                      label={c.nameEn}
                      type="number"
                      value={p.scholarshipSeats[c.id] ?? 0}
                    />
                  ))}
                </div>
              </fieldset>
            ) : null}
            <fieldset className="season-group">
              <legend>Its own bank account (optional)</legend>
              <p className="field__hint">
                Only when this programme&apos;s fees go to another account: empty uses the season&apos;s.
              </p>
              <PaymentFields state={state} payment={p.payment} programme />
            </fieldset>
            <SubmitButton busy={state.busy} label={programme ? 'Save programme' : 'Add programme'} />
          </>
        );
      }}
    </SeasonWriteForm>
  );
}
