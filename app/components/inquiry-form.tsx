import { type FormEvent, useState } from 'react';
import { InquiryInputSchema } from '#common/inquiry.ts';
import { ApiClientError, api } from '#app/lib/api-client.ts';
import { HONEYPOT_FIELD, type InquiryField, type InquiryResult, readInquiry } from '#app/lib/inquiry.ts';
import { motion } from '#app/lib/motion.ts';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { FormField } from './form-field.tsx';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; result: InquiryResult };
type FieldErrors = Partial<Record<InquiryField, string>>;

/**
 * The contact form. With JavaScript it is checked with the same schema as the server, then sent to
 * POST /api/inquiries; without JavaScript it posts to the page's action, which answers with `serverResult`.
 */
export function InquiryForm({ serverResult }: { serverResult?: InquiryResult | undefined }) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState<Status>(
    serverResult ? { kind: 'done', result: serverResult } : { kind: 'idle' },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const values = serverResult && !serverResult.ok ? serverResult.values : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = readInquiry(new FormData(form));
    const parsed = InquiryInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as InquiryField;
        found[field] ??= issue.message;
      }
      setErrors(found);
      setStatus({ kind: 'done', result: { ok: false, message: 'Please correct the marked fields.' } });
      const first = Object.keys(found)[0];
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending' });
    try {
      const answer = await api<{ received: true; message: string }>('/api/inquiries', { method: 'POST', json: input });
      form.reset();
      setStatus({ kind: 'done', result: { ok: true, message: answer.message } });
    } catch (err) {
      const message =
        err instanceof ApiClientError && err.status !== 0
          ? err.message
          : 'Your message could not be sent. Please check your connection and try again, or call us.';
      setStatus({ kind: 'done', result: { ok: false, message } });
    }
  }

  const result = status.kind === 'done' ? status.result : null;
  return (
    <form
      className="inquiry-form"
      method="post"
      noValidate={hydrated}
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="inquiry-title"
    >
      <h2 id="inquiry-title">Send us a message</h2>
      <p className="inquiry-form__hint">All fields are required.</p>
      <div className="inquiry-form__row">
        <FormField
          name="first_name"
          label="First Name"
          autoComplete="given-name"
          error={errors.first_name}
          defaultValue={values?.first_name}
        />
        <FormField
          name="last_name"
          label="Last Name"
          autoComplete="family-name"
          error={errors.last_name}
          defaultValue={values?.last_name}
        />
      </div>
      <div className="inquiry-form__row">
        <FormField
          name="phone"
          label="Contact No."
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={errors.phone}
          defaultValue={values?.phone}
        />
        <FormField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email}
          defaultValue={values?.email}
        />
      </div>
      <FormField name="subject" label="Subject" error={errors.subject} defaultValue={values?.subject} />
      <FormField name="message" label="Message" multiline error={errors.message} defaultValue={values?.message} />
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="field-website">Leave this empty</label>
        <input id="field-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div role="status" className="form-status">
        {result?.ok ? (
          <p className={`form-status__message form-status__message--ok ${motion.fadeIn}`}>{result.message}</p>
        ) : null}
      </div>
      <div role="alert" className="form-status">
        {result && !result.ok ? (
          <p className={`form-status__message form-status__message--error ${motion.fadeIn}`}>{result.message}</p>
        ) : null}
      </div>
      <button type="submit" className={`btn btn--primary ${motion.tap}`} disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
