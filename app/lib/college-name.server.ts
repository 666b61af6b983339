import type { AppLoadContext } from 'react-router';
import type { Logo } from '#common/site-content/college.ts';

/**
 * The college's stored English name, for the staff's pages (the admin, sign-in, welcome and forgotten
 * password pages are in English): read from the content the public pages show (cached per content version),
 * so a rename on the College page shows on the next page loaded.
 */
export async function staffCollegeName(context: AppLoadContext): Promise<string> {
  return (await context.services.content.site()).college.name.en;
}

/** The college's uploaded logo (null without one), for the admin menu's brand, read like its name. */
export async function staffCollegeLogo(context: AppLoadContext): Promise<Logo | null> {
  return (await context.services.content.site()).college.logo;
}
