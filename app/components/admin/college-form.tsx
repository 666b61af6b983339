import { type FormEvent, type ReactNode, useState } from 'react';
import type { College } from '#common/site-content/college.ts';
import { CollegeSchema } from '#common/site-content/college.ts';
import { focusFirstRefused } from '#app/lib/admin-focus.ts';
import { fieldErrorsOf, formValues } from '#app/lib/admin-form.ts';
import type { FieldErrors, FormValues, WriteResult } from '#app/lib/admin-result.ts';
import {
  ADDRESS_ROWS,
  type CollegeAddressKey,
  type CollegeTextKey,
  collegeFormValues,
  collegeFromValues,
  phonesOf,
} from '#app/lib/college-form.ts';
import { AdminField } from './admin-field.tsx';
import { LocalTextField } from './local-text-field.tsx';
import { PhoneListField } from './phone-list-field.tsx';
import { useAdminWrite } from './use-admin-write.tsx';
import { WriteStatus } from './write-status.tsx';

interface CollegeFormProps {
  college: College;
  version: number;
  /** The answer to this form when it was posted without JavaScript (refused, or a list rearranged). */
  pageResult: WriteResult | undefined;
}

/** Each text's legend, and whether it is a long text or may be left empty. */
const TEXTS: Record<CollegeTextKey, { legend: string; multiline?: true; optional?: true; hint?: string }> = {
  name: { legend: "College's name" },
  shortName: { legend: 'Short name' },
  motto: { legend: 'Motto' },
  kind: { legend: 'Kind of college', hint: 'As a sentence continues it: “a +2 college in Bharatpur, Chitwan”.' },
  established: { legend: 'Established (B.S.)', hint: 'For example “2063 B.S.”.' },
  managementSince: { legend: 'Present management since (B.S.)', optional: true },
  addressNote: { legend: 'Note under the address', optional: true },
  headline: { legend: 'Headline' },
  heroLead: { legend: 'Text under the headline', optional: true },
  aboutHeading: { legend: 'Heading of the about section' },
  about: { legend: 'About', multiline: true, hint: 'Separate paragraphs with an empty line.' },
  visionHeading: { legend: 'Heading of the vision' },
  vision: { legend: 'Vision', multiline: true },
  missionHeading: { legend: 'Heading of the mission' },
  mission: { legend: 'Mission', multiline: true },
  admissionsIntro: { legend: 'Admissions text', multiline: true, optional: true },
};

const ADDRESSES: Record<CollegeAddressKey, { label: string; hint: string }> = {
  virtualTourUrl: {
    label: 'Virtual tour link',
    hint: 'The button under the headline: https://… or a page of this site such as /gallery. Empty hides it.',
  },
  videoUrl: { label: 'Video address', hint: 'The embed address of the introduction video (https://). Empty hides it.' },
  mapEmbedUrl: { label: 'Map address', hint: 'The embed address of the map on the contact page (https://).' },
  mapLinkUrl: { label: 'Map link', hint: 'The map on its own site, opened from the contact page.' },
  enrolmentFormUrl: {
    label: 'Enrolment form address',
    hint: 'Where “Apply now” and “Enquiry now” lead: https://… or a page of this site.',
  },
};

const SOCIAL = [
  ['facebook', 'Facebook'],
  ['youtube', 'YouTube'],
  ['instagram', 'Instagram'],
  ['tiktok', 'TikTok'],
] as const;

/** The refused or rearranged values sent back by the page, or the stored college. */
function startingValues(college: College, version: number, pageResult: WriteResult | undefined): FormValues {
  return pageResult?.values ?? collegeFormValues(college, version);
}

/**
 * Every field of the college, each text in English with its Nepali version beside it. Checked in the
 * browser with the shared schema before it is sent; saved with the version it was read at.
 */
export function CollegeForm({ college, version, pageResult }: CollegeFormProps) {
  const [values] = useState(() => startingValues(college, version, pageResult));
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const { fetcher, busy, result, lasting } = useAdminWrite();
  const shown = result ?? pageResult;
  const errors = checked ?? (shown && !shown.ok ? shown.fieldErrors : undefined) ?? {};

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute('value') !== 'save') return;
    const form = event.currentTarget;
    const found = fieldErrorsOf(CollegeSchema, collegeFromValues(formValues(new FormData(form))));
    setChecked(found ?? {});
    if (!found) return; // valid: the fetcher posts the form
    event.preventDefault();
    focusFirstRefused(form, found);
  }

  const text = (key: CollegeTextKey) => (
    <LocalTextField key={key} name={key} values={values} errors={errors} {...TEXTS[key]} />
  );
  const address = (key: CollegeAddressKey) => (
    <AdminField key={key} label={ADDRESSES[key].label} hint={ADDRESSES[key].hint} error={errors[key]}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          type="text"
          inputMode="url"
          name={key}
          defaultValue={values[key]}
        />
      )}
    </AdminField>
  );
  const save = (
    <button className="button button--primary" type="submit" name="intent" value="save" disabled={busy}>
      {busy ? 'Saving…' : 'Save'}
    </button>
  );

  return (
    <fetcher.Form method="post" className="admin-form admin-form--wide" onSubmit={onSubmit} noValidate>
      <input type="hidden" name="version" value={values.version} />
      {/* The first submit button is the one Enter presses: Save, never a phone button. */}
      <div className="college-form__actions">{save}</div>
      <WriteStatus result={lasting ?? pageResult} />
      {errors.version ? <p className="field__error">{errors.version}</p> : null}

      <Section title="The college">
        {text('name')}
        {text('shortName')}
        {text('motto')}
        {text('kind')}
        {text('established')}
        {text('managementSince')}
      </Section>

      <Section title="Address and contact">
        {Array.from({ length: ADDRESS_ROWS }, (_, i) => (
          <LocalTextField
            key={i}
            name={`addressLines.${i}`}
            legend={`Address line ${i + 1}`}
            values={values}
            errors={errors}
            optional={i > 0 ? true : undefined}
          />
        ))}
        {errors.addressLines ? <p className="field__error">{errors.addressLines}</p> : null}
        {text('addressNote')}
        <PhoneListField initial={phonesOf(values)} errors={errors} />
        <AdminField label="E-mail address" hint="Empty hides it." error={errors.email}>
          {(control) => (
            <input {...control} className="field__input" type="email" name="email" defaultValue={values.email} />
          )}
        </AdminField>
      </Section>

      <Section title="Home page">
        {text('headline')}
        {text('heroLead')}
        {address('virtualTourUrl')}
        {text('aboutHeading')}
        {text('about')}
        {text('visionHeading')}
        {text('vision')}
        {text('missionHeading')}
        {text('mission')}
        {text('admissionsIntro')}
        {address('enrolmentFormUrl')}
        {address('videoUrl')}
      </Section>

      <Section title="Map">
        {address('mapEmbedUrl')}
        {address('mapLinkUrl')}
      </Section>

      <Section title="Social links">
        {SOCIAL.map(([network, label]) => (
          <AdminField key={network} label={label} hint="Empty hides the icon." error={errors[`social.${network}`]}>
            {(control) => (
              <input
                {...control}
                className="field__input"
                type="url"
                name={`social.${network}`}
                defaultValue={values[`social.${network}`]}
              />
            )}
          </AdminField>
        ))}
      </Section>

      <div>{save}</div>
    </fetcher.Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="admin-panel college-form__section" aria-label={title}>
      <h2 className="college-form__heading">{title}</h2>
      {children}
    </section>
  );
}
