import { LEAST_ROLE, ROLES, ROLE_LABELS } from '#common/roles.ts';
import { STAFF_LINK_HOURS } from '#common/accounts/staff.ts';
import { AdminField } from '../admin-field.tsx';
import { useAdminWrite } from '../use-admin-write.tsx';
import { OneTimeLink } from './one-time-link.tsx';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';

/** Add a person: name, e-mail, role; the answer is the one-time link with which they set their password. */
export function AddStaffForm({
  siteUrl,
  posted,
  emailReady = false,
}: {
  siteUrl: string;
  posted: WriteResult | undefined;
  /** E-mail is set up (SMTP_URL): the link can also be e-mailed to the person. */
  emailReady?: boolean;
}) {
  const { fetcher, busy, result: fetched } = useAdminWrite();
  // Without JavaScript the page's own answer carries a refusal's field errors and typed values.
  const result = fetched ?? posted;
  const refused = result && !result.ok ? result : undefined;
  const values = refused?.values ?? {};
  return (
    <section className="staff-add" aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">Add a person</h2>
      <p className="admin-page__lead">
        They get a one-time link (valid {STAFF_LINK_HOURS} hours) to set their own password. Copy it and give it to them
        {emailReady ? ', or have it e-mailed to them as well' : '; no e-mail is sent'}.
      </p>
      <fetcher.Form method="post" className="staff-add__form" key={fetched?.ok ? fetched.created : 'form'}>
        <input type="hidden" name="intent" value="add" />
        <AdminField label="Name" error={refused?.fieldErrors?.name}>
          {(control) => (
            <input {...control} name="name" type="text" autoComplete="off" defaultValue={values.name ?? ''} required />
          )}
        </AdminField>
        <AdminField label="E-mail address" error={refused?.fieldErrors?.email}>
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="off"
              defaultValue={values.email ?? ''}
              required
            />
          )}
        </AdminField>
        <AdminField
          label="Role"
          hint="Editors change what the site shows; Admissions staff handle applications only; owners do both, manage staff and read the audit log."
        >
          {(control) => (
            <select {...control} name="role" defaultValue={values.role ?? LEAST_ROLE}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        {emailReady ? (
          <label className="staff-add__email">
            <input type="checkbox" name="emailLink" value="yes" defaultChecked={values.emailLink === 'yes'} /> Also
            e-mail the link to them
          </label>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          Add person
        </button>
      </fetcher.Form>
      {fetched?.ok && fetched.created ? (
        <OneTimeLink path={fetched.created} siteUrl={siteUrl} who="the new person" />
      ) : null}
    </section>
  );
}
