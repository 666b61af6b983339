import { useState } from 'react';
import { useHydrated } from '#app/lib/admin/admin-hydrated.ts';

/**
 * A one-time link shown once to the owner who made it: selectable text (works without JavaScript) and,
 * with it, a Copy button. The person opens it to set their own password.
 */
export function OneTimeLink({ path, siteUrl, who }: { path: string; siteUrl: string; who: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const url = new URL(path, siteUrl).toString();
  return (
    <div className="one-time-link" role="status">
      <p className="one-time-link__lead">
        One-time link for <strong>{who}</strong>. It works once; this page will not show it again.
      </p>
      <div className="one-time-link__row">
        <input
          className="one-time-link__url"
          type="text"
          readOnly
          value={url}
          aria-label={`One-time link for ${who}`}
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              void navigator.clipboard.writeText(url).then(() => setCopied(true));
            }}
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
