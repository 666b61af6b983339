import { Form, data, useActionData } from 'react-router';
import { refusalOf } from '#common/api-error.ts';
import { PRIVATE_NO_STORE } from '#common/http-cache.ts';
import { pageHeaders } from '#app/lib/page-headers.ts';
import { ForgotPasswordSchema, RESET_ASKED } from '#common/accounts/staff.ts';
import { AdminField } from '#app/components/admin/admin-field.tsx';
import { fieldErrorsOf, formText } from '#app/lib/admin/admin-form.ts';
import { type WriteResult, formRefused } from '#app/lib/form-result.ts';
import { staffMeta } from '#app/lib/admin/admin-meta.ts';
import { staffCollegeName } from '#app/lib/college-name.server.ts';
import '#app/styles/admin.css';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = ({ data }) => staffMeta('Forgot your password?', data?.collegeName);

export const headers = pageHeaders({ 'Cache-Control': PRIVATE_NO_STORE });

/** Whether the site can send the link at all (e-mail set up): without it the page says whom to ask instead. */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    collegeName: await staffCollegeName(context),
    resetByEmail: await context.services.staff.resetByEmail(),
  };
}

/**
 * 'Forgot your password?': a plain form (no script needed) that asks the server for a reset link by e-mail.
 * The answer is the same whether or not the address has an account (common/accounts/staff.ts RESET_ASKED).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await context.readForm(request);
  const input = { email: formText(form, 'email'), language: formText(form, 'language') || 'en' };
  const values = { email: input.email, language: input.language };
  const fieldErrors = fieldErrorsOf(ForgotPasswordSchema, input);
  if (fieldErrors) {
    const refused = formRefused({ code: 'validation', message: 'Enter your e-mail address.' }, { fieldErrors, values });
    return data<WriteResult>(refused, { status: 400 });
  }
  try {
    await context.services.staff.forgotPassword(ForgotPasswordSchema.parse(input), context.clientIp);
    return data<WriteResult>({ ok: true, message: RESET_ASKED });
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    const fieldErrors = refusal.code === 'auth/invalid-email' ? { email: refusal.message } : undefined;
    return data<WriteResult>(formRefused(refusal, { values, ...(fieldErrors ? { fieldErrors } : {}) }), {
      status: refusal.status,
      headers: refusal.headers,
    });
  }
}

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof action>() as WriteResult | undefined;
  const refused = answer && !answer.ok ? answer : undefined;
  const language = refused?.values?.language ?? 'en';
  return (
    <main className="login">
      <div className="login__card">
        <h1 className="login__title">Forgot your password?</h1>
        {answer?.ok ? (
          <p role="status">{answer.message}</p>
        ) : !loaderData.resetByEmail ? (
          <p role="alert">
            This site cannot send e-mail yet, so no link can be sent. Ask an owner to reset your password from the Staff
            page.
          </p>
        ) : (
          <Form method="post" className="login__form">
            <p className="login__hint">
              Type the e-mail address you sign in with. A link to choose a new password is sent to it.
            </p>
            {refused ? (
              <p className="field__error" role="alert">
                {refused.message}
              </p>
            ) : null}
            <AdminField label="E-mail address" error={refused?.fieldErrors?.email}>
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  name="email"
                  type="email"
                  autoComplete="username"
                  defaultValue={refused?.values?.email ?? ''}
                  required
                />
              )}
            </AdminField>
            <fieldset className="login__choice">
              <legend className="field__label">Language of the e-mail</legend>
              <label>
                <input type="radio" name="language" value="en" defaultChecked={language !== 'ne'} /> English
              </label>
              <label lang="ne">
                <input type="radio" name="language" value="ne" defaultChecked={language === 'ne'} /> नेपाली
              </label>
            </fieldset>
            <button className="button button--primary" type="submit">
              Send the link
            </button>
          </Form>
        )}
        <a className="login__back" href="/login">
          Back to sign in
        </a>
      </div>
    </main>
  );
}
