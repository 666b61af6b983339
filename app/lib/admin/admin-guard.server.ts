import { type AppLoadContext, data, redirect } from 'react-router';
import { SESSION_ENDED, apiError } from '#common/api-error.ts';
import { type Action, decide } from '#common/policy.ts';

/**
 * Requests in which a write was refused because the session had ended. React Router runs the page's
 * loaders after its action in the same request (with the same context): for these, the loaders answer
 * "session ended" instead of moving to /login, so the refused form comes back with what was typed.
 */
const sessionEndedDuringWrite = new WeakSet<AppLoadContext>();

/** The signed-in staff account of a page request (the actor every admin loader and action hands on). */
export type PageActor = NonNullable<Awaited<ReturnType<AppLoadContext['currentActor']>>>;

/** Where an account sets up two-factor sign-in: the one admin page open to it while an owner requires it. */
export const TWO_FACTOR_SETUP_PATH = '/admin/account';

/**
 * Every admin loader starts here, naming what its page does in the policy's words (common/policy.ts):
 * the server, not the browser, decides. Signed out, the visit goes to /login (or, after a write refused
 * for an ended session, the admin layout's error boundary says so); a role the policy does not allow is
 * answered 403, as the API answers; an account that must still turn on two-factor sign-in goes to do it.
 */
export async function requirePermission(context: AppLoadContext, action: Action): Promise<PageActor> {
  const actor = await context.currentActor();
  switch (decide(actor, action)) {
    case 'allowed':
      return actor!;
    case 'signed-out':
      if (sessionEndedDuringWrite.has(context)) throw data(SESSION_ENDED, { status: 401 });
      throw redirect('/login');
    case 'forbidden':
      throw data(apiError('auth/forbidden'), { status: 403 });
    case 'two-factor-required':
      throw redirect(`${TWO_FACTOR_SETUP_PATH}#two-factor`);
  }
}

/**
 * For the admin layout and for pages that show nothing private (a blank form, the public admission
 * status): as requirePermission, except that after a write refused in this request for an ended session
 * the page renders anyway (null: nobody is signed in), so the form can show the message beside what was typed.
 */
export async function permissionOrEndedWrite(context: AppLoadContext, action: Action): Promise<PageActor | null> {
  if (sessionEndedDuringWrite.has(context) && !(await context.currentActor())) return null;
  return requirePermission(context, action);
}

/** A write found no session: marks the request so its loaders show the refused form again (see above). */
export function markSessionEndedDuringWrite(context: AppLoadContext): void {
  sessionEndedDuringWrite.add(context);
}
