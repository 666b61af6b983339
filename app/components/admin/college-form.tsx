import { type FormEvent, type ReactNode, useState } from 'react';
import type { College } from '#common/site-content/college.ts';
import { CollegeSchema } from '#common/site-content/college.ts';
import { DEFAULT_BRAND_COLOURS } from '#common/site-content/brand-colours.ts';
import { focusFirstRefused } from '#app/lib/admin/admin-focus.ts';
import { fieldErrorsOf, formValues } from '#app/lib/admin/admin-form.ts';
import type { FieldErrors, FormValues, WriteResult } from '#app/lib/admin/admin-result.ts';
import {
  ADDRESS_ROWS,
  type CollegeAddressKey,
  type CollegeTextKey,
  collegeFormValues,
  collegeFromValues,
  phonesOf,
} from '#app/lib/college-form.ts';
import { AdminField } from './admin-field.tsx';
import { PhoneListField } from './phone-list-field.tsx';
import { TextPairField } from './text-pair-field.tsx';
import { useAdminWrite } from './use-admin-write.tsx';
import { WriteStatus } from './write-status.tsx';

interface CollegeFormProps {
  college: Omit<College, 'logo'>;
  version: number;
  /** The answer to this form when it was posted without JavaScript (refused, or a list rearranged). */
  pageResult: WriteResult | undefined;
}

/** Each text's label, and whether it is a long text (its rows) or may be left empty. */
const TEXTS: Record<CollegeTextKey, { label: string; rows?: number; optional?: true; hint?: string }> = {
  name: { label: "College's name" },
  shortName: { label: 'Short name' },
  motto: { label: 'Motto' },
  kind: { label: 'Kind of college', hint: 'As a sentence continues it: “a +2 college in Bharatpur, Chitwan”.' },
  established: { label: 'Established (B.S.)', hint: 'For example “2063 B.S.”.' },
  managementSince: { label: 'Present management since (B.S.)', optional: true },
  addressNote: { label: 'Note under the address', optional: true },
  headline: { label: 'Headline' },
  heroLead: { label: 'Text under the headline', optional: true },
  aboutHeading: { label: 'Heading of the about section' },
  about: { label: 'About', rows: 6, hint: 'Separate paragraphs with an empty line.' },
  visionHeading: { label: 'Heading of the vision' },
  vision: { label: 'Vision', rows: 6 },
  missionHeading: { label: 'Heading of the mission' },
  mission: { label: 'Mission', rows: 6 },
  admissionsIntro: { label: 'Admissions text', rows: 6, optional: true },
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

const COLOURS = [
  ['main', 'Main colour', `Six hexadecimal digits after #, such as ${DEFAULT_BRAND_COLOURS.main} (today's blue).`],
  ['accent', 'Accent colour', `Such as ${DEFAULT_BRAND_COLOURS.accent} (today's orange).`],
] as const;

const SOCIAL = [
  ['facebook', 'Facebook'],
  ['youtube', 'YouTube'],
  ['instagram', 'Instagram'],
  ['tiktok', 'TikTok'],
] as const;

/** The refused or rearranged values sent back by the page, or the stored college. */
function startingValues(
  college: Omit<College, 'logo'>,
  version: number,
  pageResult: WriteResult | undefined,
): FormValues {
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

  const fields = { value: (name: string) => values[name] ?? '', error: (name: string) => errors[name] };
  const text = (key: CollegeTextKey) => <TextPairField key={key} name={key} fields={fields} grouped {...TEXTS[key]} />;
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

      <Section title="Colours">
        <p className="field__hint">
          The main colour is drawn behind white text and as text on the page; the accent behind dark text. Each must
          have a contrast of at least 4.5:1 with them (WCAG AA).
        </p>
        {COLOURS.map(([key, label, hint]) => (
          <AdminField key={key} label={label} hint={hint} error={errors[`colours.${key}`]}>
            {(control) => (
              <span className="college-form__colour">
                <input
                  {...control}
                  className="field__input"
                  type="text"
                  name={`colours.${key}`}
                  defaultValue={values[`colours.${key}`]}
                  spellCheck={false}
                  autoComplete="off"
                />
                <span
                  className="college-form__swatch"
                  aria-hidden="true"
                  style={{ background: values[`colours.${key}`] }}
                />
              </span>
            )}
          </AdminField>
        ))}
      </Section>

      <Section title="The college">
        {text('name')}
        {text('shortName')}
        {text('motto')}
        {text('kind')}
        {text('established')}
        {text('managementSince')}
        <AdminField
          label="Reference prefix"
          hint="What new applications' references begin with: 2 to 4 capital letters A to Z (ABC makes ABC-2084-0123). Applications already made keep theirs."
          error={errors.referencePrefix}
        >
          {(control) => (
            <input
              {...control}
              className="field__input"
              type="text"
              name="referencePrefix"
              defaultValue={values.referencePrefix}
              maxLength={4}
              spellCheck={false}
              autoComplete="off"
            />
          )}
        </AdminField>
      </Section>

      <Section title="Address and contact">
        {Array.from({ length: ADDRESS_ROWS }, (_, i) => (
          <TextPairField
            key={i}
            name={`addressLines.${i}`}
            label={`Address line ${i + 1}`}
            fields={fields}
            optional={i > 0}
            grouped
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
