import { ROLES, type Role } from './roles.ts';

interface Rule {
  /** The roles that may do it. */
  roles: readonly Role[];
  /**
   * Open to an account that an owner requires to turn on two-factor sign-in and has not yet: only what
   * it needs to do that (its own account) and the admin frame around it.
   */
  whileTwoFactorPending?: true;
}

/**
 * Who may do what in the admin: the one table every transport (the JSON API, the admin pages' loaders and
 * actions, the menu) asks. A new role is a new entry in ROLES plus its name in the rules below; no route
 * or page names a role itself.
 */
export const POLICY = {
  /** The admin frame (layout, menu, unknown admin pages): any staff account. */
  'admin.enter': { roles: ['owner', 'editor', 'admissions'], whileTwoFactorPending: true },
  /** Today, the admin's first page: what waits for the office, each part shown only to a role that may act on it. */
  'today.read': { roles: ['owner', 'editor', 'admissions'] },
  /** Its own password, sessions and two-factor sign-in. */
  'account.own': { roles: ['owner', 'editor', 'admissions'], whileTwoFactorPending: true },
  'admission.edit': { roles: ['owner', 'editor'] },
  /** Admission seasons: dates, programmes, fees, eligibility, the scholarship quota, publishing. */
  'seasons.edit': { roles: ['owner'] },
  /**
   * Applicants' data: the applications, their documents (every opening audited) and the export. Minors'
   * personal data, so never the editors'.
   */
  'applications.read': { roles: ['owner', 'admissions'] },
  /** Moving applications between states, asking for corrections, verifying payments, notes. */
  'applications.decide': { roles: ['owner', 'admissions'] },
  /**
   * The entrance examination: its sessions, the candidates' roll numbers and admit cards, and their marks.
   * Applicants' data, so never the editors'.
   */
  'entrance.manage': { roles: ['owner', 'admissions'] },
  /**
   * The merit list: its rules, pass mark and what the published list shows; publishing the results; the
   * offers (confirmed when the admission fee is paid, declined).
   */
  'merit.manage': { roles: ['owner', 'admissions'] },
  /** Setting a season's public status instead of its dates. */
  'seasons.override': { roles: ['owner'] },
  'notices.edit': { roles: ['owner', 'editor'] },
  'photos.edit': { roles: ['owner', 'editor'] },
  'content.edit': { roles: ['owner', 'editor'] },
  'inquiries.handle': { roles: ['owner', 'editor'] },
  'vitals.read': { roles: ['owner'] },
  'audit.read': { roles: ['owner'] },
  /** Staff accounts, their roles and links, and whether two-factor sign-in is required. */
  'staff.manage': { roles: ['owner'] },
  /**
   * The backups: their list and checks, a backup made now, a download of one (a whole copy of the site's
   * data, applicants' documents included), the warnings about them.
   */
  'backups.manage': { roles: ['owner'] },
  /**
   * Importing another site (WordPress) into this one, which publishes its posts as notices, and the old
   * site's addresses kept as redirects (listed, deleted).
   */
  'import.manage': { roles: ['owner'] },
  /** The B.S. month lengths every date on the site is converted with. */
  'calendar.edit': { roles: ['owner'] },
  /** E-mail and SMS: the settings, the test e-mail, the delivery log (recipients' addresses) and resends. */
  'messages.manage': { roles: ['owner'] },
  /** Removing the demo content the site was installed with: everything it seeded at once, so owners only. */
  'demo.remove': { roles: ['owner'] },
  /** The API's own description (GET /api/docs): every admin route and what it takes, a map for an attacker. */
  'api.describe': { roles: ['owner'] },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof POLICY;
export const ACTIONS = Object.keys(POLICY) as Action[];

interface VisitorRule {
  /** Anyone may, signed in or not: a public form. */
  anyone?: true;
  /**
   * Only an applicant on the application they proved is theirs (its reference and access key): never on
   * another's, and never a staff account (the office acts on applications through the staff actions above).
   */
  ownApplication?: true;
}

/**
 * What visitors without an account may do on the public site: the public forms, and the few steps an applicant
 * takes on their own application. Nothing here opens any staff action to them.
 */
export const VISITOR_POLICY = {
  /** Sending an application through the public form. */
  'application.submit': { anyone: true },
  /**
   * Asking for a new access key with the reference and the date of birth: open to anyone, as the key goes only
   * to the guardian's mobile and e-mail on the application, never to the asker.
   */
  'application.key.request': { anyone: true },
  /** Sending a message through the contact form. */
  'inquiry.send': { anyone: true },
  /** Seeing where their application stands (and its admit card, its offer). */
  'application.own.read': { ownApplication: true },
  /** Sending again the documents the office asked to be corrected. */
  'application.own.correct': { ownApplication: true },
  /** Declining their open offer. */
  'application.own.decline': { ownApplication: true },
  /** Sending the admission fee's voucher for their open offer (accepting it). */
  'application.own.voucher': { ownApplication: true },
} as const satisfies Record<string, VisitorRule>;

export type VisitorAction = keyof typeof VISITOR_POLICY;
export const VISITOR_ACTIONS = Object.keys(VISITOR_POLICY) as VisitorAction[];

/** What the policy needs to know of a staff account that asks: its role and state. */
export interface Asker {
  kind?: 'staff';
  role: Role;
  /** An owner requires two-factor sign-in and this account has not turned it on. */
  twoFactorPending: boolean;
}

/** An applicant who proved an application theirs (its reference and access key): which one. */
export interface ApplicantAsker {
  kind: 'applicant';
  applicationId: string;
}

/** A visitor on the public site who proved nothing: what anyone may do, and nothing more. */
export interface PublicAsker {
  kind: 'public';
}

/** Whoever asks: nothing (signed out), a staff account, an applicant on their own application, or a visitor. */
export type AnyAsker = Asker | ApplicantAsker | PublicAsker;

/** What an action is done to, when the answer depends on it: the application an applicant acts on. */
export interface Subject {
  applicationId: string;
}

export type Decision = 'allowed' | 'signed-out' | 'forbidden' | 'two-factor-required';

/** Whether a role may ever do an action (the menu's question; the full answer is `decide`). */
export const roleMay = (role: Role, action: Action): boolean =>
  (POLICY[action].roles as readonly Role[]).includes(role);

/** The roles that may do an action, for a question asked of many accounts at once (a query, a count). */
export const rolesThatMay = (action: Action): readonly Role[] => POLICY[action].roles;

/**
 * The site always keeps an account that can sign in and manage staff (an owner): without one, nobody could add,
 * re-enable or change the others. Whether an account with this role is such a keeper.
 */
export const keepsTheSite = (role: Role): boolean => roleMay(role, 'staff.manage');

/** The roles whose accounts keep the site (see keepsTheSite), for a query over the accounts. */
export const KEEPER_ROLES: readonly Role[] = ROLES.filter(keepsTheSite);

/**
 * The role every action is open to: an account made without a role (the first one, ADMIN_EMAIL at start-up, the
 * command line) gets it, since it must be able to add the others.
 */
export const FULL_ROLE: Role = 'owner';

const isVisitorAction = (action: Action | VisitorAction): action is VisitorAction => action in VISITOR_POLICY;

/** The answer to a visitor's action: open to anyone, or to the applicant on their own application only. */
function decideVisitor(asker: AnyAsker | null, action: VisitorAction, subject?: Subject): Decision {
  const rule: VisitorRule = VISITOR_POLICY[action];
  if (rule.anyone) return 'allowed';
  if (asker?.kind === 'applicant') {
    return subject !== undefined && subject.applicationId === asker.applicationId ? 'allowed' : 'forbidden';
  }
  return asker ? 'forbidden' : 'signed-out';
}

/**
 * The policy's answer for one asker and one action (done to `subject`, when the action is an applicant's on
 * their own application).
 */
export function decide(asker: AnyAsker | null, action: Action | VisitorAction, subject?: Subject): Decision {
  if (isVisitorAction(action)) return decideVisitor(asker, action, subject);
  if (!asker) return 'signed-out';
  // Applicants and visitors hold no staff action, whatever the action.
  if (asker.kind === 'applicant' || asker.kind === 'public') return 'forbidden';
  if (!roleMay(asker.role, action)) return 'forbidden';
  const rule: Rule = POLICY[action];
  if (asker.twoFactorPending && !rule.whileTwoFactorPending) return 'two-factor-required';
  return 'allowed';
}
