/** The sign-in's first step: the e-mail address and the password. */
export function SignInPasswordStep({ busy }: { busy: boolean }) {
  return (
    <>
      <label className="field">
        <span className="field__label">Username</span>
        <input
          className="field__input"
          name="username"
          type="text"
          autoComplete="username"
          inputMode="email"
          aria-describedby="username-hint"
        />
        <span className="field__hint" id="username-hint">
          Your e-mail address
        </span>
      </label>
      <label className="field">
        <span className="field__label">Password</span>
        <input className="field__input" name="password" type="password" autoComplete="current-password" />
      </label>
      <button className="button button--primary" type="submit" disabled={busy}>
        Login
      </button>
    </>
  );
}
