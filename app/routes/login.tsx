import { type FormEvent, useEffect, useState } from 'react';
import { Form, data, redirect, useActionData, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { DATABASE_BUSY } from '#common/api-error.ts';
import { signInMessage } from '#common/sign-in-message.ts';
import { TIMINGS } from '#common/limits.ts';
import { LoadingScreen } from '#app/components/admin/loading-screen.tsx';
import { SignInCodeStep as CodeStep } from '#app/components/admin/sign-in-code-step.tsx';
import { SignInPasswordStep as PasswordStep } from '#app/components/admin/sign-in-password-step.tsx';
import { LOGIN_SUCCESS } from '#app/lib/admin-messages.ts';
import { safeNextPath } from '#app/lib/admin-next.ts';
import { Toaster } from '#app/components/toaster.tsx';
import { sessionStore, useSession } from '#app/lib/session-store.ts';
import type { RouteHandle } from '#app/lib/client-runtime.ts';
import '#app/styles/admin.css';
import type { Route } from './+types/login';

/** Part of the admin single-page app: this page loads React Router's client runtime. */
export const handle = { hydrate: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = () => [
  { title: 'Admin login | Orbit College' },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** Where to go once signed in: the admin page that sent the admin here (`?next=`, a path of this site only). */
const afterLogin = (next: string | null | undefined) => safeNextPath(next) ?? '/admin';

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    signedIn: (await context.currentAdmin()) !== null,
    next: afterLogin(new URL(request.url).searchParams.get('next')),
  };
}

type SignInStep = 'password' | 'code';

/**
 * Without JavaScript the forms post here: same rules, the session cookie is set, then the page `next`
 * names (or /admin). For an account with two-factor on, the password step sets the pending sign-in
 * cookie and the page asks for the code (`intent=code`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const codeStep = form.get('intent') === 'code';
  const nextField = form.get('next');
  const next = afterLogin(typeof nextField === 'string' ? nextField : null);
  try {
    if (codeStep) {
      const { setCookie } = await context.signInWithCode(String(form.get('code') ?? ''));
      const headers = new Headers();
      for (const cookie of setCookie) headers.append('set-cookie', cookie);
      return redirect(next, { headers });
    }
    const { setCookie, codeRequired } = await context.signIn(
      String(form.get('username') ?? ''),
      String(form.get('password') ?? ''),
    );
    if (codeRequired)
      return data({ step: 'code' as SignInStep, error: null }, { headers: { 'set-cookie': setCookie } });
    return redirect(next, { headers: { 'set-cookie': setCookie } });
  } catch (err) {
    const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : 'unknown-error';
    if (code === 'unknown-error') throw err;
    const { headers = {} } = err as { headers?: Record<string, string> };
    // Not a sign-in refusal: the database was busy and no session was made. Say so in words.
    if (code === DATABASE_BUSY.code) {
      return data(
        { error: DATABASE_BUSY.message, step: (codeStep ? 'code' : 'password') as SignInStep },
        { status: 503, headers },
      );
    }
    // A pending sign-in that expired starts again from the password.
    const step: SignInStep = codeStep && code !== 'auth/code-expired' ? 'code' : 'password';
    return { error: signInMessage(code, Number(headers['retry-after']) || null), step };
  }
}

const SIGN_IN_TOAST = 'sign-in';

/** One sign-in toast at a time: a new answer replaces the one still showing instead of stacking below it. */
function showSignInToast(type: 'success' | 'error', message: string) {
  if (toast.isActive(SIGN_IN_TOAST)) toast.update(SIGN_IN_TOAST, { render: message, type });
  else toast[type](message, { toastId: SIGN_IN_TOAST });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const { loading } = useSession();
  const [scriptStep, setScriptStep] = useState<SignInStep | null>(null);
  const step: SignInStep = scriptStep ?? actionData?.step ?? 'password';

  useEffect(() => {
    // The server says nobody is signed in here: a token left in the browser is stale.
    if (!loaderData.signedIn) sessionStore.forget();
  }, [loaderData.signedIn]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result =
      step === 'code'
        ? await sessionStore.loginWithCode(String(form.get('code') ?? ''))
        : await sessionStore.login(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
    if (result.ok === 'code') {
      setScriptStep('code');
    } else if (result.ok) {
      showSignInToast('success', LOGIN_SUCCESS);
      window.setTimeout(() => void navigate(loaderData.next), TIMINGS.loginRedirectMs);
    } else {
      showSignInToast('error', result.message);
      // The pending sign-in expired: start again from the password.
      if (result.error === 'code-expired') setScriptStep('password');
    }
  }

  return (
    <main className="login">
      <Toaster />
      {loading ? <LoadingScreen /> : null}
      <Form method="post" className="login__card" onSubmit={(e) => void onSubmit(e)}>
        <h1 className="login__title">Admin login</h1>
        <p className="login__hint">Orbit College staff only.</p>
        {actionData?.error ? (
          <p className="field__error" role="alert">
            {actionData.error}
          </p>
        ) : null}
        <input type="hidden" name="next" value={loaderData.next} />
        {step === 'code' ? (
          // Keyed apart from the password step: without keys React would reuse the password step's <input>
          // for the code and show the typed password in it, in plain text.
          <CodeStep key="code-step" busy={loading} />
        ) : (
          <PasswordStep key="password-step" busy={loading} />
        )}
        <a className="login__back" href="/">
          Back to the website
        </a>
      </Form>
    </main>
  );
}
