import type { Prospectus } from '#common/site-content/downloads.ts';
import { DeleteButton } from './delete-button.tsx';
import { useAdminWrite } from './use-admin-write.tsx';

/**
 * What the office can do with the prospectus besides uploading one: go back to the placeholder the site
 * ships with (after an upload, or after removing it), and remove it (the navigation then hides its link).
 * Real forms posted to the page, so they work without JavaScript.
 */
export function ProspectusChoice({ prospectus }: { prospectus: Prospectus | null }) {
  const { fetcher, busy } = useAdminWrite();
  const showsPlaceholder = prospectus?.isDefault === true;
  return (
    <div className="prospectus-choice">
      {showsPlaceholder ? null : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="prospectus-builtin" />
          <button className="button button--small" type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Use the placeholder prospectus'}
          </button>
        </fetcher.Form>
      )}
      {prospectus ? (
        <DeleteButton
          id="prospectus"
          intent="prospectus-remove"
          question="Delete the prospectus?"
          label="Delete the prospectus"
          consequence={
            <p>
              The navigation’s Prospectus link is hidden until a prospectus is uploaded or the placeholder is used
              again.
            </p>
          }
        />
      ) : null}
    </div>
  );
}
