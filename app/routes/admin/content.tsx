import { useActionData } from 'react-router';
import { CollegeForm } from '#app/components/admin/college-form.tsx';
import { DeleteButton } from '#app/components/admin/delete-button.tsx';
import { LogoUploadForm } from '#app/components/admin/logo-upload-form.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { CONTENT_WRITES } from '#app/lib/admin/admin-content-writes.server.ts';
import { permissionOrEndedWrite } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import '#app/styles/admin-site-content.css';
import type { Route } from './+types/content';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('College', matches);

// The college's details are public: after a save refused for an ended session the form is shown again
// with what was typed and the session-ended message, instead of moving to /login.
export async function loader({ context }: Route.LoaderArgs) {
  await permissionOrEndedWrite(context, 'content.edit');
  return { college: await context.services.content.get('college') };
}

export const action = (args: Route.ActionArgs) => adminAction(args, CONTENT_WRITES.content);

/** Whether the page's answer is to the logo's forms (which name themselves 'logo'), not the college form. */
const isLogoResult = (result: WriteResult | undefined) =>
  result !== undefined && (result.ok ? result.form === 'logo' : result.values?.form === 'logo');

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { college } = loaderData;
  const { version, updatedAt: _updatedAt, logo, ...fields } = college;
  const pageResult = useActionData<typeof action>();
  const logoResult = isLogoResult(pageResult) ? pageResult : undefined;
  return (
    <section className="admin-page" aria-labelledby="content-title">
      <header className="admin-page__header">
        <div>
          <h1 id="content-title">College</h1>
          <p className="admin-page__lead">
            Name, logo, colours, address, phone numbers, home-page texts and links, shown on every page of the website.
            Each text has an English version and an optional Nepali one.
          </p>
        </div>
      </header>
      <section className="admin-panel college-logo" aria-labelledby="logo-title">
        <h2 id="logo-title" className="college-form__heading">
          Logo
        </h2>
        <div className="college-logo__current">
          <span className="college-logo__preview">
            {logo ? (
              <img src={logo.url} width={logo.width} height={logo.height} alt={`Logo of ${fields.name.en}`} />
            ) : (
              <img src="/favicon.svg" width={48} height={48} alt="The mark the site ships with" />
            )}
          </span>
          <p className="field__hint">
            {logo ? 'The uploaded logo.' : 'No logo uploaded: the pages show the mark the site ships with.'}
          </p>
          {logo ? (
            <DeleteButton
              id="logo"
              intent="logo-remove"
              question="Remove the logo?"
              label="Remove the logo"
              consequence={<p>The pages and the browser’s icons go back to the mark the site ships with.</p>}
            />
          ) : null}
        </div>
        <LogoUploadForm pageResult={logoResult} />
      </section>
      {/* Keyed on the stored version, so the form starts again from the saved college after each save. */}
      <CollegeForm key={version} college={fields} version={version} pageResult={logoResult ? undefined : pageResult} />
    </section>
  );
}
