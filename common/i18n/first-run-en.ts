import type { DemoCounts } from '../demo.ts';
import { describeDemoCounts } from '../demo.ts';

/** The one-time owner link's first run in English (part of the English catalogue, en.ts `firstRun`). */
export const firstRunEn = {
  pageTitle: 'Set up your site',
  brand: (college: string) => (college ? `${college} admin` : 'Site admin'),
  intro: (withDemo: boolean) =>
    `Nobody can sign in to this new site yet. Four short parts, about ten minutes: your college, its address, your owner account${withDemo ? ' and the demo content' : ''}. Everything can be changed later in the admin.`,
  partNumber: (n: number) => `${n}.`,
  parts: { college: 'Your college', contact: 'Address and contact', owner: 'You, the owner', demo: 'The demo content' },
  english: 'English',
  nepali: 'Nepali',
  optional: '(optional)',
  name: "College's name",
  shortName: 'Short name',
  shortNameHint: 'Where the full name is too long: the menu on a phone, page titles.',
  logo: 'Logo',
  logoHint: (limit: string, hasLogo: boolean) =>
    `A PNG or SVG of up to ${limit}. ${
      hasLogo ? 'Empty keeps the logo the site has.' : 'Without one the pages show the mark the site ships with.'
    } You can change it later on the College page.`,
  logoLost: 'Your browser does not keep a chosen file: choose the logo again.',
  coloursNote: (ratio: string) =>
    `The main colour is drawn behind white text and as text on the page, the accent behind dark text; each needs a contrast of at least ${ratio} with them.`,
  mainColour: 'Main colour',
  mainColourHint: 'Six hexadecimal digits after #, such as #0b3d91.',
  accentColour: 'Accent colour',
  accentColourHint: 'Such as #f5a623.',
  addressLine: (n: number) => `Address line ${n}`,
  phone: (n: number) => (n === 1 ? 'Phone number' : `Phone number ${n} (optional)`),
  email: 'Public e-mail address',
  emailHint: 'Shown on the contact page. Empty hides it.',
  mapLink: 'Map link',
  mapLinkHint: 'Your college on a map site (https://…). Empty hides the link.',
  ownerIntro: 'The owner manages staff accounts, reads the audit log and can change everything here later.',
  ownerName: 'Your name',
  ownerEmail: 'Your e-mail address',
  ownerEmailHint: 'You sign in with it.',
  password: 'New password',
  passwordHint: (min: number) =>
    `At least ${min} characters, not one of the most common passwords. A few unrelated words are easy to remember.`,
  twoFactor: 'Require two-factor sign-in for every account.',
  twoFactorHint:
    'You set it up at your first sign-in, with an authenticator app on your phone, before anything else. Left unticked, each account can turn it on under Your account, and you can require it later on the Staff page.',
  startEmpty: 'Start empty',
  startEmptyHint: (words: string) =>
    `: remove the demo now (${words}): its notices and photos, with the demo college’s texts, people, address, phones and prospectus. What you typed above stays.`,
  keepDemo: 'Keep the demo to look around',
  keepDemoHint: ': remove it later from Today’s setup list.',
  nothingSavedYet:
    'Nothing is saved until you press the button: then the college, the logo and your account are saved together.',
  finish: 'Finish setup',
  demoWords: (counts: DemoCounts) => describeDemoCounts(counts),
  done: {
    title: 'Your site is set up',
    saved: 'Your college and your account are saved. ',
    demoRemoved: (words: string) => `The demo content is removed (${words}). `,
    demoNotRemoved: 'The demo content could not be removed now: remove it from the setup list on Today. ',
    signIn: 'You can sign in now with your e-mail address and the password you chose.',
    goToSignIn: 'Go to sign in',
    seeHome: 'See the home page',
  },
  correctFields: 'Please correct the marked fields.',
  linkUnusable: 'This link cannot be used',
};
