import { Link, useActionData } from 'react-router';
import { DEMO_CONFIRM_FIELD, demoTotal, describeDemoCounts } from '#common/demo.ts';
import { ConfirmedPostButton } from '#app/components/admin/use-confirmed-post.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { DEMO_WRITES } from '#app/lib/admin/admin-demo-writes.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import '#app/styles/admin-site-content.css';
import type { Route } from './+types/demo';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Remove the demo content', matches);

export async function loader({ context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'demo.remove');
  return { counts: await context.services.demo.counts(actor) };
}

export const action = (args: Route.ActionArgs) => adminAction(args, DEMO_WRITES);

/** The ask-then-remove button: a modal dialog with JavaScript, the question written into the page without. */
function RemoveDemo({ what }: { what: string }) {
  return (
    <ConfirmedPostButton
      name="remove-demo"
      question="Remove the demo content?"
      consequence={
        <p>
          {what} that the site was installed with are deleted now, with their files, from every page: the sample notices
          and photos, and the default texts still as shipped (the about text, vision and mission, the messages,
          testimonials, courses and reasons, the demo&rsquo;s address, phones, e-mail and map, the placeholder
          prospectus). This cannot be undone. Everything your staff added or edited stays; the setup list then asks for
          the college&rsquo;s own address, phones and texts.
        </p>
      }
      fields={{ intent: 'removeDemo', [DEMO_CONFIRM_FIELD]: 'yes' }}
      confirmLabel="Remove the demo content"
      danger
      label="Remove the demo content"
      busyLabel="Removing…"
    />
  );
}

export default function AdminDemo({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  const result = useActionData<typeof action>();
  const what = describeDemoCounts(counts);
  return (
    <section className="admin-page" aria-labelledby="demo-title">
      <header className="admin-page__header">
        <div>
          <h1 id="demo-title">Remove the demo content</h1>
          <p className="admin-page__lead">
            A new site starts with sample notices and photos and with the demo college&rsquo;s texts, people and
            prospectus, so that its pages can be seen before the college adds its own. Remove them in one step before
            the site goes public.
          </p>
        </div>
      </header>
      <WriteStatus result={result} />
      <div className="admin-panel">
        {demoTotal(counts) === 0 ? (
          <p>
            No demo content is left on the site. <Link to="/admin">Back to Today</Link>
          </p>
        ) : (
          <>
            <h2 className="college-form__heading">Still on the site from the demo: {what}</h2>
            <p className="field__hint">
              The college&rsquo;s name, logo, colours and banner, the menus, staff accounts, seasons and applications
              stay, and so does every notice, photo or text your staff added or edited.
            </p>
            <RemoveDemo what={what.charAt(0).toUpperCase() + what.slice(1)} />
          </>
        )}
      </div>
    </section>
  );
}
