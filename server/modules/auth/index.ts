/**
 * Auth's face: what the rest of the server and app/ use of signing in, sessions, accounts and two-factor.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// Signing in and the session: the service, who is signed in, and the token hash
export {
  type AuthService,
  type Client,
  type SignedIn,
  UserAdminError,
  atDoor,
  createAuthService,
  hashToken,
} from './auth.service.ts';

// Staff accounts: names, passwords and sessions of an account
export { type AccountSession, type AccountsService, accountName, createAccountsService } from './accounts.service.ts';

// The throttle on repeated wrong passwords
export { type LoginThrottle, createLoginThrottle, loginThrottleOptions } from './login-throttle.ts';

// A user row by id, and the one spelling of an e-mail address
export { findUserById, normaliseEmail } from './users.repository.ts';

// Two-factor sign-in
export { createTwoFactorService } from './two-factor/two-factor.service.ts';

// Requiring two-factor for an account (the first start sets it for the owner)
export { setTwoFactorRequired } from './two-factor/two-factor.repository.ts';

// The authenticator code of a secret at a time (tests sign in with it)
export { totpCode } from './two-factor/totp.ts';

// Routes: sign-in and sign-out, and the admin two-factor pages
export { authRoutes } from './auth.routes.ts';
export { adminTwoFactorRoutes } from './two-factor/two-factor.admin.routes.ts';
