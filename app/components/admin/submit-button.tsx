interface SubmitButtonProps {
  /** Whether the form's write is running: the button is disabled and says so. */
  busy: boolean;
  label: string;
  /** What it says meanwhile ('Saving…' unless said). */
  busyLabel?: string;
  /** A small button (a form within a list item) rather than the page's main one. */
  small?: boolean;
  /** Posted with the form as its `intent` when this button sends it (a form with other submit buttons). */
  intent?: string;
}

/** The submit button of an admin form, on its own line: disabled while the form's write runs, saying so. */
export function SubmitButton({ busy, label, busyLabel = 'Saving…', small = false, intent }: SubmitButtonProps) {
  return (
    <div>
      <button
        className={`button ${small ? 'button--small' : 'button--primary'}`}
        type="submit"
        name={intent ? 'intent' : undefined}
        value={intent}
        disabled={busy}
      >
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
