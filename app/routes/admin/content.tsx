import { useActionData } from 'react-router';
import { CollegeForm } from '#app/components/admin/college-form.tsx';
import { adminAction } from '#app/lib/admin-action.server.ts';
import { CONTENT_WRITES } from '#app/lib/admin-content-writes.server.ts';
import { permissionOrEndedWrite } from '#app/lib/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
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

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { college } = loaderData;
  const { version, updatedAt: _updatedAt, ...fields } = college;
  const pageResult = useActionData<typeof action>();
  return (
    <section className="admin-page" aria-labelledby="content-title">
      <header className="admin-page__header">
        <div>
          <h1 id="content-title">College</h1>
          <p className="admin-page__lead">
            Name, address, phone numbers, home-page texts and links, shown on every page of the website. Each text has
            an English version and an optional Nepali one.
          </p>
        </div>
      </header>
      {/* Keyed on the stored version, so the form starts again from the saved college after each save. */}
      <CollegeForm key={version} college={fields} version={version} pageResult={pageResult} />
    </section>
  );
}
