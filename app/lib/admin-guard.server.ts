import { type AppLoadContext, data, redirect } from 'react-router';
import { SESSION_ENDED, apiError } from '#common/api-error.ts';

/**
 * Requests in which a write was refused because the session had ended. React Router runs the page's
 * loaders after its action in the same request (with the same context): for these, the loaders answer
 * "session ended" instead of moving to /login, so the refused form comes back with what was typed.
 */
const sessionEndedDuringWrite = new WeakSet<AppLoadContext>();

/** The answer of a loader whose page cannot be shown because the session ended while writing. */
const sessionEnded = () => data(SESSION_ENDED, { status: 401 });

/**
 * Every admin loader of a page with private data starts here: the server, not the browser, decides who
 * is an admin. Signed out, the visit goes to /login; after a write refused for an ended session, the
 * admin layout's error boundary says so, with a link back.
 */
export async function requireAdmin(context: AppLoadContext) {
  const admin = await context.currentAdmin();
  if (admin) return admin;
  if (sessionEndedDuringWrite.has(context)) throw sessionEnded();
  throw redirect('/login');
}

/**
 * The loader of a page for owners only (staff, audit log, site speed): an editor is answered 403 by the
 * admin layout's error boundary, as the API answers its routes.
 */
export async function requireOwner(context: AppLoadContext) {
  const admin = await requireAdmin(context);
  if (admin.role !== 'owner') throw data(apiError('auth/forbidden'), { status: 403 });
  return admin;
}

/**
 * For the admin layout and for pages that show nothing private (a blank form, the public admission
 * status): as requireAdmin, except that after a write refused in this request for an ended session the
 * page renders anyway (null: nobody is signed in), so the form can show the message beside what was typed.
 */
export async function adminOrEndedWrite(context: AppLoadContext) {
  const admin = await context.currentAdmin();
  if (admin || sessionEndedDuringWrite.has(context)) return admin;
  throw redirect('/login');
}

/** Every admin action starts here: whether the write may go ahead (false marks the request, see above). */
export async function mayWrite(context: AppLoadContext): Promise<boolean> {
  if (await context.currentAdmin()) return true;
  sessionEndedDuringWrite.add(context);
  return false;
}

/** Where an account sets up two-factor sign-in: the one admin page open to it while an owner requires it. */
export const TWO_FACTOR_SETUP_PATH = '/admin/account';

/**
 * While an owner requires two-factor sign-in, an account without it is sent to set it up: every admin page
 * but its Account page moves there (the admin layout's loader calls this for every admin page). Answers
 * whether the account is still waiting to turn it on, so the frame can offer only that page.
 */
export async function requireTwoFactorSetUp(
  context: AppLoadContext,
  userId: string,
  request: Request,
): Promise<boolean> {
  if (!(await context.services.twoFactor.mustSetUp(userId))) return false;
  if (new URL(request.url).pathname !== TWO_FACTOR_SETUP_PATH) throw redirect(`${TWO_FACTOR_SETUP_PATH}#two-factor`);
  return true;
}
