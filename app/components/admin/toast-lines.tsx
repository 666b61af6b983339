import { failureLines } from '#app/lib/admin/admin-messages.ts';

/**
 * A failure's toast: the specification's words and the server's reason, on one line when the words lead
 * into it ('Could not save: <reason>.'), otherwise the reason below the words.
 */
export function ToastLines({ title, detail }: { title: string; detail?: string | null }) {
  const { line, detail: below } = failureLines(title, detail);
  return (
    <div className="toast-lines">
      <p className="toast-lines__title">{line}</p>
      {below ? <p className="toast-lines__detail">{below}</p> : null}
    </div>
  );
}
