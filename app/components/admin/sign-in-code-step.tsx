import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '#app/lib/admin/admin-hydrated.ts';

/**
 * The sign-in's second step, for an account with two-factor on: a field of its own (its own name and key,
 * never filled from the password step), with the digits keypad on a phone. A recovery code has letters,
 * which that keypad lacks on some phones (an iPhone's has no way to letters): with script, one button
 * gives the letters keyboard; without it, a recovery code can still be pasted.
 */
export function SignInCodeStep({ busy }: { busy: boolean }) {
  const hydrated = useHydrated();
  const [recovery, setRecovery] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  // The button goes once pressed: the focus goes back to the field, now with the letters keyboard.
  useEffect(() => {
    if (recovery) field.current?.focus();
  }, [recovery]);
  return (
    <>
      <input type="hidden" name="intent" value="code" />
      <label className="field">
        <span className="field__label">Code</span>
        <input
          ref={field}
          className="field__input"
          name="code"
          type="text"
          defaultValue=""
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby="code-hint"
          autoFocus
        />
        <span className="field__hint" id="code-hint">
          The 6 digits your authenticator app shows, or one of your recovery codes
        </span>
      </label>
      <button className="button button--primary" type="submit" disabled={busy}>
        Continue
      </button>
      {hydrated && !recovery ? (
        <button type="button" className="button" onClick={() => setRecovery(true)}>
          Type a recovery code
        </button>
      ) : null}
    </>
  );
}
