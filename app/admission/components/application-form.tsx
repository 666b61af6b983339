import {
  APPLICATION_FILE_LIMITS as L,
  DOCUMENT_KINDS,
  GENDERS,
  HEARD_FROM,
  type DocumentKind,
  acceptedFileTypes,
} from '#common/admission/application.ts';
import { APPLICATION_HONEYPOT, applicationRefusalText, gradeField } from '#common/admission/application-form.ts';
import {
  NEB_GRADES,
  type Programme,
  type ScholarshipCategory,
  SEE_SUBJECTS,
} from '#common/admission/admission-season.ts';
import { formatRupees } from '#common/i18n/amounts.ts';
import { toDevanagariDigits } from '#common/i18n/nepali-numbers.ts';
import { FORM_TOKEN_FIELD } from '#common/inquiry.ts';
import { DISTRICTS, PROVINCES } from '#common/nepal-places.ts';
import { DEFAULT_DOCUMENT_KEEP_DAYS } from '#common/admission/application.ts';
import { FILE_REFUSAL_CODES } from '#app/lib/enhance/file-checks.ts';
import { ApplicationErrorSummary } from './application-error-summary.tsx';
import { useSiteContent } from '#app/lib/site-content.ts';
import { BsDateField, FormSection, RadioField, SelectField, TextField } from './application-fields.tsx';
import { type OwnAccount, PaymentDetailsBlock } from './payment-details.tsx';
import type { PaymentDetails } from '#common/admission/payment-details.ts';

/** A refused application as the action answers it: what was typed, each refusal, and the files kept. */
export interface RefusedApplication {
  message: string;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  kept: { key: string; kind: DocumentKind; name: string }[];
  uploadToken: string;
  formToken: string;
  /** The eligibility warning for the grades sent ('' when none). */
  warning: string;
}

export interface ApplicationFormProps {
  seasonName: string;
  seasonYear: number;
  programmes: Programme[];
  categories: ScholarshipCategory[];
  late: boolean;
  lateFee: number;
  /** The late closing day, as the page writes dates. */
  lateUntil: string;
  formToken: string;
  refused?: RefusedApplication | undefined;
  /** Where to pay: the season's account, and the programmes that have their own. */
  payment: PaymentDetails;
  ownAccounts: OwnAccount[];
}

/** The form's field names of the documents' file inputs and kept-file ticks. */
export const fileField = (kind: DocumentKind) => `file_${kind}`;
export const KEEP_FIELD = 'keep';
export const UPLOAD_TOKEN_FIELD = 'upload_token';

/**
 * The application form in sections, posted as one multipart form to the page's action: it works without a
 * script (the page's enhancement only adds the eligibility warning as grades are typed, the A.D. date, the
 * Preeti conversion and the check of each file as it is chosen). A refused form comes back with every value,
 * each refusal beside its field, and the files already received listed as kept.
 */
export function ApplicationForm(props: ApplicationFormProps) {
  const { ui, lang } = useSiteContent();
  const t = ui.apply;
  const v = props.refused?.values;
  const errors = props.refused?.fieldErrors ?? {};
  const f = (name: keyof typeof t.fields) => ({ name, label: t.fields[name], value: v?.[name], error: errors[name] });
  const rupees = (n: number) => (n === 0 ? t.free : formatRupees(lang, n));
  const name = (p: { nameEn: string; nameNe: string }) => (lang === 'ne' && p.nameNe ? p.nameNe : p.nameEn);
  const digits = (n: number) => (lang === 'ne' ? toDevanagariDigits(n) : String(n));
  const birthYears = Array.from({ length: 11 }, (_, i) => props.seasonYear - 12 - i);
  const seeYears = Array.from({ length: 5 }, (_, i) => props.seasonYear - 1 - i);
  const programmes = props.programmes.map((p) => [p.id, t.programmeOption(name(p), rupees(p.applicationFee))] as const);
  const districts = DISTRICTS.map((d) => [d.en, lang === 'ne' ? d.ne : d.en] as const);
  const kept = props.refused?.kept ?? [];
  const fileHint = t.hints.documents(L.fileBytes / 1_048_576, L.pages);

  const fileInput = (kind: DocumentKind, hint: string, multiple: boolean) => {
    const id = `field-${fileField(kind)}`;
    const mine = kept.filter((k) => k.kind === kind);
    const error = errors[kind];
    return (
      <div className="form-field" key={kind} data-document={kind}>
        <label className="form-field__label" htmlFor={id}>
          {t.fields[kind]}
        </label>
        {mine.length > 0 ? (
          <fieldset className="apply-kept">
            <legend>{t.kept}</legend>
            {mine.map((k) => (
              <label key={k.key} className="apply-radio">
                <input type="checkbox" name={KEEP_FIELD} value={k.key} defaultChecked />
                {t.keptFile(k.name)}
              </label>
            ))}
          </fieldset>
        ) : null}
        <input
          id={id}
          name={fileField(kind)}
          type="file"
          multiple={multiple}
          accept={acceptedFileTypes(kind)}
          className="form-field__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="apply-hint">
          {hint}
        </p>
        {error ? (
          <p id={`${id}-error`} className="form-field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className="apply-form"
      method="post"
      encType="multipart/form-data"
      noValidate
      aria-describedby="apply-intro"
      data-application-form
      // The server's words for a refused file, for the enhancement that checks each file as it is chosen.
      data-file-refusals={JSON.stringify(
        Object.fromEntries(FILE_REFUSAL_CODES.map((code) => [code, applicationRefusalText(code, t)])),
      )}
    >
      <p id="apply-intro">{t.intro(props.seasonName)}</p>
      {props.late ? <p className="apply-late">{t.late(formatRupees(lang, props.lateFee), props.lateUntil)}</p> : null}
      <div role="alert" className="form-status">
        {props.refused ? (
          <p className="form-status__message form-status__message--error" tabIndex={-1} autoFocus>
            {props.refused.message}
          </p>
        ) : null}
        {props.refused ? <ApplicationErrorSummary fieldErrors={props.refused.fieldErrors} /> : null}
      </div>

      <FormSection id="student" title={t.sections.student}>
        <TextField {...f('name_en')} hint={t.hints.name_en} autoComplete="name" />
        <TextField
          {...f('name_ne')}
          hint={t.hints.name_ne}
          lang="ne"
          after={<span className="apply-preeti" data-preeti-for="field-name_ne" data-preeti-label={t.hints.preeti} />}
        />
        <BsDateField
          prefix="birth"
          label={t.fields.birth_date}
          values={v}
          error={errors.birth_date}
          years={birthYears}
        />
        <RadioField {...f('gender')} options={GENDERS.map((g) => [g, t.genders[g]] as const)} />
        <TextField {...f('citizenship')} optional />
      </FormSection>

      <FormSection id="family" title={t.sections.family}>
        <TextField {...f('father_name')} />
        <TextField {...f('mother_name')} />
        <TextField {...f('guardian_name')} />
        <TextField {...f('guardian_relation')} />
        <TextField
          {...f('guardian_mobile')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={t.hints.guardian_mobile}
        />
        <TextField {...f('email')} type="email" inputMode="email" autoComplete="email" optional />
      </FormSection>

      <FormSection id="address" title={t.sections.address}>
        <SelectField
          {...f('province')}
          options={PROVINCES.map((p) => [String(p.number), lang === 'ne' ? p.ne : p.en] as const)}
        />
        <SelectField {...f('district')} options={districts} />
        <TextField {...f('municipality')} />
        <SelectField
          {...f('ward')}
          options={Array.from({ length: 35 }, (_, i) => [String(i + 1), digits(i + 1)] as const)}
        />
      </FormSection>

      <FormSection id="see" title={t.sections.see}>
        <SelectField {...f('see_year')} options={seeYears.map((y) => [String(y), digits(y)] as const)} />
        <TextField {...f('symbol_number')} hint={t.hints.symbol_number} />
        <TextField {...f('school')} />
        <SelectField {...f('school_district')} options={districts} />
        <TextField {...f('gpa')} inputMode="decimal" hint={t.hints.gpa} />
        <fieldset className="apply-grades">
          <legend className="form-field__label">{t.fields.grades}</legend>
          {SEE_SUBJECTS.map((subject) => (
            <SelectField
              key={subject}
              name={gradeField(subject)}
              label={t.subjects[subject] ?? subject}
              value={v?.[gradeField(subject)]}
              error={errors[gradeField(subject)]}
              options={NEB_GRADES.map((g) => [g, g] as const)}
            />
          ))}
        </fieldset>
      </FormSection>

      <FormSection id="programme" title={t.sections.programme}>
        <SelectField {...f('first_choice')} options={programmes} />
        <p className="apply-eligibility" data-eligibility aria-live="polite">
          {props.refused?.warning ? `${props.refused.warning} ${t.eligibility.warnOnly}` : null}
        </p>
        <SelectField {...f('second_choice')} options={programmes} optional emptyText={t.noSecondChoice} />
        {props.categories.length > 0 ? (
          <SelectField
            {...f('category')}
            optional
            emptyText={t.noCategory}
            options={props.categories.map((c) => [c.id, name(c)] as const)}
          />
        ) : null}
        <SelectField {...f('heard_from')} optional options={HEARD_FROM.map((h) => [h, t.heardFrom[h]] as const)} />
        <script
          type="application/json"
          data-eligibility-programmes
          // The programmes' minimums, read by the enhancement that warns as grades are chosen.
          dangerouslySetInnerHTML={{
            __html: JSON.stringify(
              props.programmes.map((p) => ({
                id: p.id,
                nameEn: p.nameEn,
                nameNe: p.nameNe,
                minGpa: p.minGpa,
                minGrades: p.minGrades,
              })),
            ).replace(/</gu, '\\u003c'),
          }}
        />
      </FormSection>

      <FormSection id="documents" title={t.sections.documents}>
        <p className="apply-hint">{fileHint}</p>
        {fileInput('photo', t.hints.photo, false)}
        {fileInput('grade-sheet', fileHint, true)}
        {fileInput('character', fileHint, true)}
        {props.categories.length > 0
          ? fileInput(
              'proof',
              props.categories
                .map((c) => `${name(c)}: ${(lang === 'ne' && c.proofNe) || c.proofEn}`)
                .filter((line) => !line.endsWith(': '))
                .join('; ') || fileHint,
              true,
            )
          : null}
      </FormSection>

      <FormSection id="payment" title={t.sections.payment}>
        <ul className="apply-fees">
          {props.programmes.map((p) => (
            <li key={p.id}>
              {name(p)}:{' '}
              {p.applicationFee + (props.late ? props.lateFee : 0) === 0
                ? t.hints.noFee
                : formatRupees(lang, p.applicationFee + (props.late ? props.lateFee : 0))}
            </li>
          ))}
        </ul>
        <RadioField
          {...f('payment_method')}
          options={(['bank', 'counter'] as const).map((m) => [m, t.methods[m]] as const)}
        />
        <p className="apply-hint">{t.hints.bank}</p>
        <PaymentDetailsBlock payment={props.payment} reference="" ownAccounts={props.ownAccounts} />
        <p className="apply-hint">{t.hints.counter}</p>
        <TextField {...f('voucher_number')} optional />
        {fileInput('voucher', fileHint, false)}
      </FormSection>

      <FormSection id="consent" title={t.sections.consent}>
        <p id="apply-consent-text">{t.consentText(DEFAULT_DOCUMENT_KEEP_DAYS)}</p>
        <div className="form-field">
          <label className="apply-radio apply-consent">
            <input
              id="field-consent"
              type="checkbox"
              name="consent"
              value="yes"
              required
              defaultChecked={v?.consent === 'yes'}
              aria-describedby={`apply-consent-text${errors.consent ? ' field-consent-error' : ''}`}
              aria-invalid={errors.consent ? true : undefined}
            />
            {t.fields.consent}
          </label>
          {errors.consent ? (
            <p id="field-consent-error" className="form-field__error">
              {errors.consent}
            </p>
          ) : null}
        </div>
      </FormSection>

      <div className="honeypot" aria-hidden="true">
        <label htmlFor="field-website">Leave this empty</label>
        <input id="field-website" name={APPLICATION_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={props.refused?.formToken ?? props.formToken} />
      <input type="hidden" name={UPLOAD_TOKEN_FIELD} value={props.refused?.uploadToken ?? ''} />
      <button type="submit" className="btn btn--primary apply-submit">
        {t.submit}
      </button>
    </form>
  );
}

export const DOCUMENT_FIELDS = DOCUMENT_KINDS.map(fileField);
