import type { ReactNode } from 'react';
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
}

/**
 * The first run in one page of four numbered parts, sent once: the college's names, logo and colours; its
 * address and contacts; the owner; the demo. A plain multipart form, so it works without JavaScript.
 */
export function FirstRunForm({ values, errors, logoLost, hasLogo, demoLeft, demoWords }: FirstRunFormProps) {
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
      <Part number={1} title="Your college">
        <TextPairField name="name" label="College's name" fields={fields} grouped />
        <TextPairField
          name="shortName"
          label="Short name"
          fields={fields}
          grouped
          hint="Where the full name is too long: the menu on a phone, page titles."
        />
        <AdminField
          label={
            <>
              Logo <span className="field__optional">(optional)</span>
            </>
          }
          hint={`A PNG or SVG of up to ${formatMegabytes(CONTENT_LIMITS.logoBytes)}. ${
            hasLogo ? 'Empty keeps the logo the site has.' : 'Without one the pages show the mark the site ships with.'
          } You can change it later on the College page.`}
          error={
            errors.logo ?? (logoLost ? 'Your browser does not keep a chosen file: choose the logo again.' : undefined)
          }
        >
          {(control) => (
            <input {...control} className="field__input" type="file" name={FIRST_RUN_LOGO} accept={LOGO_ACCEPT} />
          )}
        </AdminField>
        <p className="field__hint">
          The main colour is drawn behind white text and as text on the page, the accent behind dark text; each needs a
          contrast of at least 4.5:1 with them.
        </p>
        {text('colours.main', 'Main colour', 'text', 'Six hexadecimal digits after #, such as #0b3d91.')}
        {text('colours.accent', 'Accent colour', 'text', 'Such as #f5a623.')}
      </Part>

      <Part number={2} title="Address and contact">
        {Array.from({ length: addressRows }, (_, i) => (
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
        {Array.from({ length: phoneRows }, (_, i) =>
          text(`phones.${i}`, i === 0 ? 'Phone number' : `Phone number ${i + 1} (optional)`, 'tel'),
        )}
        {text('email', 'Public e-mail address', 'email', 'Shown on the contact page. Empty hides it.')}
        {text('mapLinkUrl', 'Map link', 'url', 'Your college on a map site (https://…). Empty hides the link.')}
      </Part>

      <Part number={3} title="You, the owner">
        <p>The owner manages staff accounts, reads the audit log and can change everything here later.</p>
        <AdminField label="Your name" error={errors[OWNER_NAME]}>
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
        <AdminField label="Your e-mail address" hint="You sign in with it." error={errors[OWNER_EMAIL]}>
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
        <NewPasswordField error={errors.password} note="A few unrelated words are easy to remember." />
        <label className="welcome-choice__option">
          <input
            type="checkbox"
            name={REQUIRE_TWO_FACTOR}
            value="yes"
            defaultChecked={values[REQUIRE_TWO_FACTOR] === 'yes'}
          />
          <span>
            <strong>Require two-factor sign-in for every account.</strong> You set it up at your first sign-in, with an
            authenticator app on your phone, before anything else. Left unticked, each account can turn it on under Your
            account, and you can require it later on the Staff page.
          </span>
        </label>
      </Part>

      {demoLeft > 0 ? (
        <Part number={4} title="The demo content">
          <DemoChoice startEmpty={values.demo === 'remove'} words={demoWords} />
        </Part>
      ) : null}

      <p className="field__hint">
        Nothing is saved until you press the button: then the college, the logo and your account are saved together.
      </p>
      <button type="submit" className="button button--primary">
        Finish setup
      </button>
    </Form>
  );
}

function Part({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <fieldset className="first-run__part">
      <legend>
        <span className="first-run__number">{number}.</span> {title}
      </legend>
      {children}
    </fieldset>
  );
}
