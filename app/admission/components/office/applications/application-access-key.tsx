import type { ApplicationDetail } from '#common/admission/application-office.ts';
import { useAdminWrite } from '#app/components/admin/use-admin-write.tsx';

/**
 * A new access key for the family (they lost theirs, or the history says someone walked its look-ups): it goes
 * to the guardian's mobile and e-mail on the application; the office never sees it, and the old one stops.
 */
export function ApplicationAccessKey({ application }: { application: ApplicationDetail }) {
  const { fetcher, busy } = useAdminWrite();
  return (
    <fetcher.Form method="post" className="application-access-key">
      <input type="hidden" name="intent" value="access-key" />
      <p>
        The family opens the status page, the admit card and the offer with the reference and an access key. A new key
        is sent to the guardian&rsquo;s mobile {application.guardianMobile}
        {application.email ? ` and to ${application.email}` : ''}; the key they had stops working.
      </p>
      <button type="submit" className="button" disabled={busy}>
        Send a new access key
      </button>
    </fetcher.Form>
  );
}
