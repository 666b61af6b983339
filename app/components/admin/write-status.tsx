import { type WriteResult, isSessionEnded } from '#app/lib/admin/admin-result.ts';
import { SessionEndedMessage } from './session-ended-message.tsx';

/**
 * A write's result written into the page: how a form posted without JavaScript learns what happened, and
 * where a refusal the admin must act on (session ended, disk full) stays once its toast has gone.
 */
export function WriteStatus({ result }: { result: WriteResult | undefined }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <>
        {result.message ? (
          <p className="write-status write-status--done" role="status">
            {result.message}
          </p>
        ) : null}
        {result.notTaken?.length ? (
          <div className="write-status write-status--refused" role="alert">
            <p className="write-status__title">Not taken:</p>
            <ul>
              {result.notTaken.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <div className="write-status write-status--refused" role="alert">
      {isSessionEnded(result) ? (
        <SessionEndedMessage />
      ) : (
        <>
          {result.title ? <p className="write-status__title">{result.title}</p> : null}
          <p>{result.message}</p>
        </>
      )}
    </div>
  );
}
