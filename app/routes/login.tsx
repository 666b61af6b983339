import { useEffect, useEffectEvent, useRef } from 'react';
import { data, redirect, useFetcher, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { DATABASE_BUSY, DATABASE_DAMAGED, STORAGE_FULL, refusalOf } from '#common/api-error.ts';
import { signInMessage } from '#common/accounts/sign-in-message.ts';
import { TIMINGS } from '#common/limits.ts';
import { LoadingScreen } from '#app/components/admin/loading-screen.tsx';
import { SignInCodeStep as CodeStep } from '#app/components/admin/sign-in-code-step.tsx';
import { SignInPasswordStep as PasswordStep } from '#app/components/admin/sign-in-password-step.tsx';
import { formText } from '#app/lib/admin/admin-form.ts';
import { useHydrated } from '#app/lib/admin/admin-hydrated.ts';
import { LOGIN_SUCCESS } from '#app/lib/admin/admin-messages.ts';
import { safeNextPath } from '#app/lib/admin/admin-next.ts';
import { pageHeaders } from '#app/lib/page-headers.ts';
import { Toaster } from '#app/components/toaster.tsx';
import { type FormValues, type WriteResult, formRefused } from '#app/lib/form-result.ts';
import { sessionStore } from '#app/lib/session-store.ts';
import type { RouteHandle } from '#app/lib/client-runtime.ts';
import { staffMeta } from '#app/lib/admin/admin-meta.ts';
import { staffCollegeName } from '#app/lib/college-name.server.ts';
import '#app/styles/admin.css';
import type { Route } from './+types/login';

/** Part of the admin single-page app: this page loads React Router's client runtime. */
export const handle = { hydrate: true } satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ data }) => staffMeta('Admin login', data?.collegeName);

/** Where to go once signed in: the admin page that sent the admin here (`?next=`, a path of this site only). */
const afterLogin = (next: string | null | undefined) => safeNextPath(next) ?? '/admin';

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    collegeName: await staffCollegeName(context),
    signedIn: (await context.currentAdmin()) !== null,
    next: afterLogin(new URL(request.url).searchParams.get('next')),
  };
}

type SignInStep = 'password' | 'code';

/**
 * The login form's answer: the shape of every form's (app/lib/form-result.ts), with the step to show next
 * and, once signed in through the page's script, the session's public identifier for local storage.
 */
type SignInResult = WriteResult & { step: SignInStep; userToken?: string };

/** Sent by the page's script (rendered once hydrated): it shows the toast and goes on to `next` itself. */
const SCRIPT_FIELD = 'script';

/** The refusals about one field, said beside it as well. */
const FIELD_OF_CODE: Record<string, string> = { 'auth/invalid-email': 'username', 'auth/missing-password': 'password' };

/**
 * The only way the site's pages sign in: the form posts here, natively without JavaScript and through a
 * fetcher with it, and both meet the same rules and get the same cookies as POST /api/auth/login. Signed in
 * without script, the browser is sent on to the page `next` names (or /admin); with script, the answer says
 * so and the page shows its toast and goes on after 2 s. For an account with two-factor on, the password
 * step sets the pending sign-in cookie and the page asks for the code (`intent=code`).
 */
const SERVER_FAULTS = new Set<string>([DATABASE_BUSY.code, DATABASE_DAMAGED.code, STORAGE_FULL.code]);

// A refused sign-in's Retry-After (too many attempts) reaches the browser.
export const headers = pageHeaders();

export async function action({ request, context }: Route.ActionArgs) {
  const form = await context.readForm(request);
  const codeStep = form.get('intent') === 'code';
  const next = afterLogin(formText(form, 'next'));
  // The e-mail is typed again after a refusal; the password and the code never are.
  const username = formText(form, 'username');
  const values: FormValues = codeStep ? {} : { username };
  try {
    const { setCookie, userToken } = codeStep
      ? await context.signInWithCode(formText(form, 'code'))
      : await context.signIn(username, formText(form, 'password'));
    const headers = new Headers();
    for (const cookie of setCookie) headers.append('set-cookie', cookie);
    if (userToken === null) return data<SignInResult>({ ok: true, message: null, step: 'code' }, { headers });
    if (form.get(SCRIPT_FIELD) !== '1') return redirect(next, { headers });
    const step: SignInStep = codeStep ? 'code' : 'password';
    return data<SignInResult>({ ok: true, message: LOGIN_SUCCESS, step, userToken }, { headers });
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    // A busy or damaged database or a full disk is no sign-in refusal (no session was made): it is said
    // in the server's own plain words, never as a code.
    const message = SERVER_FAULTS.has(refusal.code)
      ? refusal.message
      : signInMessage(refusal.code, Number(refusal.headers['retry-after']) || null);
    const field = FIELD_OF_CODE[refusal.code];
    const fieldErrors = field ? { [field]: refusal.message } : undefined;
    // A pending sign-in that expired starts again from the password.
    const step: SignInStep = codeStep && refusal.code !== 'auth/code-expired' ? 'code' : 'password';
    const refused: SignInResult = {
      ...formRefused({ code: refusal.code, message }, { values, ...(fieldErrors ? { fieldErrors } : {}) }),
      step,
    };
    return data(refused, { status: refusal.status, headers: refusal.headers });
  }
}

const SIGN_IN_TOAST = 'sign-in';

/** One sign-in toast at a time: a new answer replaces the one still showing instead of stacking below it. */
function showSignInToast(type: 'success' | 'error', message: string) {
  if (toast.isActive(SIGN_IN_TOAST)) toast.update(SIGN_IN_TOAST, { render: message, type });
  else toast[type](message, { toastId: SIGN_IN_TOAST });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<SignInResult>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = fetcher.state !== 'idle';
  // Without script the page comes back with the action's answer; with it, the fetcher holds the answer.
  const answer = (fetcher.data ?? actionData) as SignInResult | undefined;
  const step: SignInStep = answer?.step ?? 'password';
  const refused = answer && !answer.ok ? answer : undefined;

  useEffect(() => {
    // The server says nobody is signed in here: a token left in the browser is stale.
    if (!loaderData.signedIn) sessionStore.forget();
  }, [loaderData.signedIn]);

  // Each answer the fetcher brings is told once, as a toast.
  const reported = useRef<SignInResult | undefined>(undefined);
  const settle = useEffectEvent((result: SignInResult) => {
    if (!result.ok) {
      showSignInToast('error', result.message);
    } else if (result.userToken) {
      sessionStore.remember(result.userToken);
      showSignInToast('success', result.message ?? LOGIN_SUCCESS);
      window.setTimeout(() => void navigate(loaderData.next), TIMINGS.loginRedirectMs);
    }
  });
  useEffect(() => {
    if (!fetcher.data || fetcher.data === reported.current) return;
    reported.current = fetcher.data;
    settle(fetcher.data);
  }, [fetcher.data]);

  return (
    <main className="login">
      <Toaster />
      {busy ? <LoadingScreen /> : null}
      <fetcher.Form method="post" className="login__card">
        <h1 className="login__title">Admin login</h1>
        <p className="login__hint">
          {loaderData.collegeName ? `${loaderData.collegeName} staff only.` : 'Staff only.'}
        </p>
        {/* Without script the page says it here; with it, the toast does. */}
        {refused && !fetcher.data ? (
          <p className="field__error" role="alert">
            {refused.message}
          </p>
        ) : null}
        <input type="hidden" name="next" value={loaderData.next} />
        {hydrated ? <input type="hidden" name={SCRIPT_FIELD} value="1" /> : null}
        {step === 'code' ? (
          // Keyed apart from the password step: without keys React would reuse the password step's <input>
          // for the code and show the typed password in it, in plain text.
          <CodeStep key="code-step" busy={busy} />
        ) : (
          <PasswordStep
            key="password-step"
            busy={busy}
            username={refused?.values?.username}
            errors={refused?.fieldErrors}
          />
        )}
        {step === 'password' ? (
          <a className="login__back" href="/login/forgot">
            Forgot your password?
          </a>
        ) : null}
        <a className="login__back" href="/">
          Back to the website
        </a>
      </fetcher.Form>
    </main>
  );
}
