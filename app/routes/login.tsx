import { type FormEvent, useEffect } from 'react';
import { Form, data, redirect, useActionData, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { DATABASE_BUSY } from '#common/api-error.ts';
import { signInMessage } from '#common/sign-in-message.ts';
import { TIMINGS } from '#common/limits.ts';
import { LoadingScreen } from '#app/components/admin/loading-screen.tsx';
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

/** Without JavaScript the form posts here: same rules, the session cookie is set, then the page `next` names (or /admin). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { setCookie } = await context.signIn(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
    const next = form.get('next');
    return redirect(afterLogin(typeof next === 'string' ? next : null), { headers: { 'set-cookie': setCookie } });
  } catch (err) {
    const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : 'unknown-error';
    if (code === 'unknown-error') throw err;
    // Not a sign-in refusal: the database was busy and no session was made. Say so in words.
    if (code === DATABASE_BUSY.code) {
      const { headers = {} } = err as { headers?: Record<string, string> };
      return data({ error: DATABASE_BUSY.message }, { status: 503, headers });
    }
    const { headers = {} } = err as { headers?: Record<string, string> };
    return { error: signInMessage(code, Number(headers['retry-after']) || null) };
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

  useEffect(() => {
    // The server says nobody is signed in here: a token left in the browser is stale.
    if (!loaderData.signedIn) sessionStore.forget();
  }, [loaderData.signedIn]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await sessionStore.login(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
    if (result.ok) {
      showSignInToast('success', LOGIN_SUCCESS);
      window.setTimeout(() => void navigate(loaderData.next), TIMINGS.loginRedirectMs);
    } else {
      showSignInToast('error', result.message);
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
        <label className="field">
          <span className="field__label">Username</span>
          <input
            className="field__input"
            name="username"
            type="text"
            autoComplete="username"
            inputMode="email"
            aria-describedby="username-hint"
          />
          <span className="field__hint" id="username-hint">
            Your e-mail address
          </span>
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <input className="field__input" name="password" type="password" autoComplete="current-password" />
        </label>
        <button className="button button--primary" type="submit" disabled={loading}>
          Login
        </button>
        <a className="login__back" href="/">
          Back to the website
        </a>
      </Form>
    </main>
  );
}
