import type { ReactNode } from 'react';
import type { Catalogue } from '#common/i18n/catalogue.ts';
import { MIN_NEW_PASSWORD_LENGTH } from '#common/accounts/password-rules.ts';
import { MIN_TEXT_CONTRAST } from '#common/site-content/brand-colours.ts';
import { Form } from 'react-router';
import { LOGO_ACCEPT } from '#common/site-content/logo.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { formatMegabytes } from '#common/bytes.ts';
import { AdminField } from '#app/components/admin/admin-field.tsx';
import { NewPasswordField } from '#app/components/admin/new-password-field.tsx';
import { TextPairField } from '#app/components/admin/text-pair-field.tsx';
import { FIRST_RUN_LOGO, OWNER_EMAIL, OWNER_NAME, REQUIRE_TWO_FACTOR } from '#app/lib/first-run-fields.ts';
import type { FieldErrors, FormValues } from '#app/lib/form-result.ts';
import { DemoChoice } from './demo-choice.tsx';

/** The address rows and phone rows the setup offers at least (the College page takes more later). */
const ADDRESS_ROWS = 3;
const PHONE_ROWS = 3;

/** How many rows of a list the values already hold (`phones.0`, `addressLines.1.en`, …), so none is dropped. */
const rowsIn = (values: FormValues, prefix: string, atLeast: number) =>
  Math.max(
    atLeast,
    Object.keys(values).filter((name) => new RegExp(`^${prefix}\\.\\d+(\\.en)?$`, 'u').test(name)).length,
  );

interface FirstRunFormProps {
  /** What the college holds now, or what was typed before a refusal. */
  values: FormValues;
  errors: FieldErrors;
  /** Whether the refused post had a logo file, which the browser does not keep. */
  logoLost: boolean;
  hasLogo: boolean;
  /** How much of the demo is left (0: no choice to make), in words. */
  demoLeft: number;
  demoWords: string;
  /** The page's words, in the language the owner chose. */
  words: Catalogue['firstRun'];
}

/**
 * The first run in one page of four numbered parts, sent once: the college's names, logo and colours; its
 * address and contacts; the owner; the demo. A plain multipart form, so it works without JavaScript.
 */
export function FirstRunForm({ values, errors, logoLost, hasLogo, demoLeft, demoWords, words }: FirstRunFormProps) {
  const labels = { en: words.english, ne: words.nepali, optional: words.optional };
  const addressRows = Math.min(rowsIn(values, 'addressLines', ADDRESS_ROWS), CONTENT_LIMITS.addressLinesMax);
  const phoneRows = Math.min(rowsIn(values, 'phones', PHONE_ROWS), CONTENT_LIMITS.phonesMax);
  const fields = { value: (name: string) => values[name] ?? '', error: (name: string) => errors[name] };
  const text = (name: string, label: string, type = 'text', hint?: string) => (
    <AdminField label={label} hint={hint} error={errors[name]}>
      {(control) => (
        <input {...control} className="field__input" type={type} name={name} defaultValue={values[name] ?? ''} />
      )}
    </AdminField>
  );
  return (
    <Form method="post" encType="multipart/form-data" className="first-run" noValidate>
      <Part number={words.partNumber(1)} title={words.parts.college}>
        <TextPairField name="name" label={words.name} fields={fields} grouped versionLabels={labels} />
        <TextPairField
          name="shortName"
          label={words.shortName}
          fields={fields}
          grouped
          versionLabels={labels}
          hint={words.shortNameHint}
        />
        <AdminField
          label={
            <>
              {words.logo} <span className="field__optional">{words.optional}</span>
            </>
          }
          hint={words.logoHint(formatMegabytes(CONTENT_LIMITS.logoBytes), hasLogo)}
          error={errors.logo ?? (logoLost ? words.logoLost : undefined)}
        >
          {(control) => (
            <input {...control} className="field__input" type="file" name={FIRST_RUN_LOGO} accept={LOGO_ACCEPT} />
          )}
        </AdminField>
        <p className="field__hint">{words.coloursNote(`${MIN_TEXT_CONTRAST}:1`)}</p>
        {text('colours.main', words.mainColour, 'text', words.mainColourHint)}
        {text('colours.accent', words.accentColour, 'text', words.accentColourHint)}
      </Part>

      <Part number={words.partNumber(2)} title={words.parts.contact}>
        {Array.from({ length: addressRows }, (_, i) => (
          <TextPairField
            key={i}
            name={`addressLines.${i}`}
            label={words.addressLine(i + 1)}
            fields={fields}
            versionLabels={labels}
            optional={i > 0}
            grouped
          />
        ))}
        {errors.addressLines ? <p className="field__error">{errors.addressLines}</p> : null}
        {Array.from({ length: phoneRows }, (_, i) => text(`phones.${i}`, words.phone(i + 1), 'tel'))}
        {text('email', words.email, 'email', words.emailHint)}
        {text('mapLinkUrl', words.mapLink, 'url', words.mapLinkHint)}
      </Part>

      <Part number={words.partNumber(3)} title={words.parts.owner}>
        <p>{words.ownerIntro}</p>
        <AdminField label={words.ownerName} error={errors[OWNER_NAME]}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              name={OWNER_NAME}
              autoComplete="name"
              defaultValue={values[OWNER_NAME] ?? ''}
            />
          )}
        </AdminField>
        <AdminField label={words.ownerEmail} hint={words.ownerEmailHint} error={errors[OWNER_EMAIL]}>
          {(control) => (
            <input
              {...control}
              className="field__input"
              name={OWNER_EMAIL}
              type="email"
              autoComplete="username"
              defaultValue={values[OWNER_EMAIL] ?? ''}
            />
          )}
        </AdminField>
        <NewPasswordField
          error={errors.password}
          note=""
          words={{ label: words.password, hint: words.passwordHint(MIN_NEW_PASSWORD_LENGTH) }}
        />
        <label className="welcome-choice__option">
          <input
            type="checkbox"
            name={REQUIRE_TWO_FACTOR}
            value="yes"
            defaultChecked={values[REQUIRE_TWO_FACTOR] === 'yes'}
          />
          <span>
            <strong>{words.twoFactor}</strong> {words.twoFactorHint}
          </span>
        </label>
      </Part>

      {demoLeft > 0 ? (
        <Part number={words.partNumber(4)} title={words.parts.demo}>
          <DemoChoice startEmpty={values.demo === 'remove'} counted={demoWords} words={words} />
        </Part>
      ) : null}

      <p className="field__hint">{words.nothingSavedYet}</p>
      <button type="submit" className="button button--primary">
        {words.finish}
      </button>
    </Form>
  );
}

function Part({ number, title, children }: { number: string; title: string; children: ReactNode }) {
  return (
    <fieldset className="first-run__part">
      <legend>
        <span className="first-run__number">{number}</span> {title}
      </legend>
      {children}
    </fieldset>
  );
}
