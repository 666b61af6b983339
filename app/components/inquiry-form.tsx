import { FORM_TOKEN_FIELD } from '#common/inquiry.ts';
import type { WriteResult } from '#app/lib/form-result.ts';
import { HONEYPOT_FIELD, INQUIRY_FIELDS } from '#app/lib/inquiry.ts';
import { motion } from '#app/lib/motion.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { FormField } from './form-field.tsx';

/**
 * The contact form, which needs no script: it posts to the page's action, and the server answers with the
 * same page carrying `serverResult` (every form's answer, app/lib/form-result.ts: the message, or the
 * refused fields with their messages and what was typed, focus on the first of them). The browser's own
 * checks are off (noValidate) so that every visitor reads the specification's messages. `formToken` is the server's signed moment the form was shown, sent
 * back with the message. The page comes back with focus (and so the view) on the first refused field, or else
 * on the answer.
 */
export function InquiryForm({
  serverResult,
  formToken,
}: {
  serverResult?: WriteResult | undefined;
  formToken: string;
}) {
  const { ui } = useSiteContent();
  const refused = serverResult && !serverResult.ok ? serverResult : undefined;
  const values = refused?.values;
  const errors = refused?.fieldErrors ?? {};
  const firstInvalid = INQUIRY_FIELDS.find((field) => errors[field]);
  const field = (name: (typeof INQUIRY_FIELDS)[number]) => ({
    name,
    error: errors[name],
    defaultValue: values?.[name],
    autoFocus: name === firstInvalid,
  });

  return (
    <form className="inquiry-form" method="post" noValidate aria-labelledby="inquiry-title">
      <h2 id="inquiry-title">{ui.form.heading}</h2>
      <p className="inquiry-form__hint">{ui.form.hint}</p>
      <div className="inquiry-form__row">
        <FormField {...field('first_name')} label={ui.form.firstName} autoComplete="given-name" />
        <FormField {...field('last_name')} label={ui.form.lastName} autoComplete="family-name" />
      </div>
      <div className="inquiry-form__row">
        <FormField
          {...field('phone')}
          label={ui.form.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required={false}
        />
        <FormField {...field('email')} label={ui.form.email} type="email" autoComplete="email" required={false} />
      </div>
      <FormField {...field('subject')} label={ui.form.subject} />
      <FormField {...field('message')} label={ui.form.message} multiline />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="field-website">Leave this empty</label>
        <input id="field-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
      <div role="status" className="form-status">
        {serverResult?.ok ? (
          <p className={`form-status__message form-status__message--ok ${motion.fadeIn}`} tabIndex={-1} autoFocus>
            {serverResult.message}
          </p>
        ) : null}
      </div>
      <div role="alert" className="form-status">
        {refused ? (
          <p
            className={`form-status__message form-status__message--error ${motion.fadeIn}`}
            tabIndex={-1}
            autoFocus={!firstInvalid}
          >
            {refused.message}
          </p>
        ) : null}
      </div>
      <button type="submit" className={`btn btn--primary ${motion.tap}`}>
        {ui.form.send}
      </button>
    </form>
  );
}
