import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type PublicActor, type StaffActor, clientOf, currentActor, publicActor } from './auth/actor.ts';
import { currentAdmin } from './auth/auth-plugin.ts';
import { pendingSignInCookie, signInCookies } from './auth/session-cookie.ts';
import type { SignedIn } from './modules/auth/index.ts';
import { doneWithForm, postedForm } from './pages/form-body.ts';
import type { AppServices } from './services.ts';

/** What React Router loaders and actions receive as `context`: the composed services and request facts. */
export type LoadContext = {
  services: AppServices;
  siteUrl: string;
  /** The client's address as Fastify sees it (honours TRUST_PROXY), for throttling form posts. */
  clientIp: string;
  /** The visitor of this request as the policy knows one on a public form: anyone, from `clientIp`. */
  visitor: PublicActor;
  /** The posted form of an action's request, read once (server/pages/form-body.ts: `postedForm`). */
  readForm: (request: Request) => Promise<FormData>;
  /**
   * Says the action is done with every byte of its posted form's files (every check and write of them settled),
   * so the buffer its body was read into can serve the next form (server/pages/form-body.ts: `doneWithForm`).
   */
  doneWithForm: (form: FormData) => void;
  /**
   * Set by a page's action whose answer is complete without its page's loader (an application accepted: the page
   * shows only the confirmation). After a post without JavaScript the loaders run in the same request, after the
   * action; a loader that sees this loads nothing, where it would issue a new form token and read the season
   * for a form the page no longer shows (about 1 ms of the server's thread a post in the deadline evening's rush).
   */
  actionAnswered: boolean;
  /** The signed-in admin of this request, or null (looked up once, only when asked). */
  currentAdmin: () => Promise<SignedIn | null>;
  /** Who acts in this request (its staff account, role and two-factor state), or null; resolved once. */
  currentActor: () => Promise<StaffActor | null>;
  /**
   * The nonce for the scripts React Router writes into this response; asking for it puts it in the
   * response's Content-Security-Policy. A page that writes no inline script (every public page) never
   * asks, and its policy lets only the site's own script files run.
   */
  scriptNonce: () => string;
  /**
   * Signs in for the login page's action (same rules and cookies as POST /api/auth/login): the Set-Cookie
   * values, and the session's public identifier, or null when the account's two-factor code is due.
   */
  signIn: (email: string, password: string) => Promise<PageSignIn>;
  /** The second step of a two-factor sign-in, with this browser's pending sign-in cookie. */
  signInWithCode: (code: string) => Promise<PageSignIn>;
};

/** A sign-in step's answer to the login page: its cookies, and the new session's public id (null: a code is due). */
export interface PageSignIn {
  setCookie: string[];
  userToken: string | null;
}

export function createGetLoadContext(services: AppServices, siteUrl: string) {
  return (request: Pick<FastifyRequest, 'ip' | 'cspNonce' | 'postedForm'>): LoadContext => ({
    services,
    siteUrl,
    clientIp: request.ip,
    visitor: publicActor(request.ip),
    readForm: (fetchRequest) => postedForm(request, fetchRequest),
    doneWithForm,
    actionAnswered: false,
    currentAdmin: () => currentAdmin(request as FastifyRequest),
    currentActor: () => currentActor(request as FastifyRequest),
    scriptNonce() {
      request.cspNonce ||= randomBytes(16).toString('base64');
      return request.cspNonce;
    },
    async signIn(email, password) {
      const { server } = request as FastifyRequest;
      const result = await services.auth.login(email, password, clientOf(request as FastifyRequest));
      const setCookie = signInCookies(server.serializeCookie, server.authSettings.cookie, result);
      return { setCookie, userToken: 'userToken' in result ? result.userToken : null };
    },
    async signInWithCode(code) {
      const { server, cookies } = request as FastifyRequest;
      const { cookie } = server.authSettings;
      const pendingSecret = cookies[pendingSignInCookie(cookie).name];
      const session = await services.auth.completeSignIn(pendingSecret, code, clientOf(request as FastifyRequest));
      return { setCookie: signInCookies(server.serializeCookie, cookie, session), userToken: session.userToken };
    },
  });
}
