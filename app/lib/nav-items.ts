export type NavItem =
  | { label: string; kind: 'page'; to: string }
  | { label: string; kind: 'section'; to: string }
  | { label: string; kind: 'external'; href: string };

const home: NavItem = { label: 'Home', kind: 'page', to: '/' };
const about: NavItem = { label: 'About', kind: 'section', to: '/#about' };
const courses: NavItem = { label: 'Courses', kind: 'section', to: '/#academics' };
const admissions: NavItem = { label: 'Admissions', kind: 'section', to: '/#admissions' };
const gallery: NavItem = { label: 'Gallery', kind: 'page', to: '/gallery' };
const notices: NavItem = { label: 'Notices', kind: 'page', to: '/notices' };
const contact: NavItem = { label: 'Contact', kind: 'page', to: '/contact' };

/** The Prospectus entry opens the stored file in a new tab; without one (null) it is left out. */
const prospectusItem = (url: string | null): NavItem[] =>
  url ? [{ label: 'Prospectus', kind: 'external', href: url }] : [];

/** The navigation bar. */
export const mainNavItems = (prospectusUrl: string | null): NavItem[] => [
  home,
  courses,
  admissions,
  gallery,
  notices,
  contact,
  ...prospectusItem(prospectusUrl),
];

/** The phone menu has its own list and order. */
export const mobileNavItems = (prospectusUrl: string | null): NavItem[] => [
  home,
  about,
  notices,
  admissions,
  courses,
  ...prospectusItem(prospectusUrl),
  gallery,
  contact,
];
