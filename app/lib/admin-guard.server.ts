import { type AppLoadContext, redirect } from 'react-router';

/** Every admin loader and action starts here: the server, not the browser, decides who is an admin. */
export async function requireAdmin(context: AppLoadContext) {
  const admin = await context.currentAdmin();
  if (!admin) throw redirect('/login');
  return admin;
}
