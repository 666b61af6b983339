import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useMatches } from 'react-router';
import { toast } from 'react-toastify';
import { apiErrorMessage } from '#common/api-error.ts';
import { isImageListPage } from '#app/lib/admin/admin-handle.ts';
import { LIST_FAILED } from '#app/lib/admin/admin-messages.ts';
import { SessionEndedMessage } from './session-ended-message.tsx';

/**
 * What an admin page shows when its data could not be loaded: a clear message and a retry (a plain link
 * to the same page, so it works without JavaScript too), or, when the session ended during a write, the
 * way back in. A page that lists images also shows the specification's 'Something went wrong.' toast.
 */
export function AdminLoadError({ error }: { error: unknown }) {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const sessionEnded = isRouteErrorResponse(error) && error.status === 401;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const imageList = isImageListPage(matches.map((match) => match.handle));

  useEffect(() => {
    if (!sessionEnded && imageList) toast.error(LIST_FAILED, { toastId: 'list-load-failed' });
  }, [sessionEnded, imageList]);

  if (forbidden) {
    return (
      <section className="admin-page" aria-labelledby="load-error-title">
        <h1 id="load-error-title">Owners only</h1>
        <p role="alert">{apiErrorMessage('auth/forbidden')}</p>
      </section>
    );
  }
  if (sessionEnded) {
    return (
      <section className="admin-page" aria-labelledby="load-error-title">
        <h1 id="load-error-title">Signed out</h1>
        <div className="write-status write-status--refused" role="alert">
          <SessionEndedMessage />
        </div>
      </section>
    );
  }
  return (
    <section className="admin-page" aria-labelledby="load-error-title">
      <h1 id="load-error-title">This page could not be loaded</h1>
      <div className="load-error" role="alert">
        <p>
          The server could not read what this page shows. Nothing already saved is lost. Try again in a moment; if it
          keeps failing, the server&apos;s log says why.
        </p>
      </div>
      <p>
        <a className="button button--primary" href={`${pathname}${search}`}>
          Try again
        </a>
      </p>
    </section>
  );
}
