import { prospectusUrl } from '#content/pictures.ts';

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
const prospectus: NavItem[] = prospectusUrl ? [{ label: 'Prospectus', kind: 'external', href: prospectusUrl }] : [];

/** The navigation bar (SPEC.md section 2). */
export const mainNavItems: NavItem[] = [home, courses, admissions, gallery, notices, contact, ...prospectus];

/** The phone menu has its own list and order (SPEC.md section 2). */
export const mobileNavItems: NavItem[] = [home, about, notices, admissions, courses, ...prospectus, gallery, contact];
