import { type RouteConfig, index, route } from '@react-router/dev/routes';

// Admission's pages live in app/admission/ (public/ for the applicant's, office/ for the admin's) and keep the
// route ids of their first files (routes/admission-*, routes/admin/*): the page budgets and the benchmark tell an
// admin page by an id under routes/admin/.
export default [
  // Every public page in English at its address and in Nepali under /ne: one set of route modules, the
  // language decided by the address (app/lib/site-content.ts reads it in the layout's loader).
  route('ne?', 'routes/public-layout.tsx', [
    index('routes/home.tsx'),
    route('notices', 'routes/notices.tsx'),
    route('notices/:id/:slug?', 'routes/notice.tsx'),
    route('gallery', 'routes/gallery.tsx'),
    route('gallery/:album', 'routes/gallery-album.tsx'),
    route('gallery/:album/:photo', 'routes/gallery-photo.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('admission', 'admission/public/admission.tsx', { id: 'routes/admission' }),
    // Online applications: the form and the applicant's status page.
    route('admission/apply', 'admission/public/apply.tsx', { id: 'routes/admission-apply' }),
    route('admission/status', 'admission/public/status.tsx', { id: 'routes/admission-status' }),
    // The entrance examination's admit card (opened with the status look-up) and its public check address.
    route('admission/admit-card', 'admission/public/admit-card.tsx', { id: 'routes/admission-admit-card' }),
    route('admission/admit-card/check/:code', 'admission/public/admit-card-check.tsx', {
      id: 'routes/admission-admit-card-check',
    }),
    // Results day: the entrance results by roll number and date of birth.
    route('admission/results', 'admission/public/results.tsx', { id: 'routes/admission-results' }),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('login', 'routes/login.tsx'),
  route('login/forgot', 'routes/forgot-password.tsx'),
  // The one-time link's page; the first run also in Nepali at /welcome/<token>/ne.
  route('welcome/:token/:lang?', 'routes/welcome.tsx'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/today.tsx'),
    route('admission', 'admission/office/admission.tsx', { id: 'routes/admin/admission' }),
    route('featured', 'routes/admin/featured.tsx'),
    route('gallery', 'routes/admin/gallery.tsx'),
    route('addnewphoto', 'routes/admin/add-photo.tsx'),
    route('albums', 'routes/admin/albums.tsx'),
    route('albums/:id', 'routes/admin/album.tsx'),
    route('notice', 'routes/admin/notices.tsx'),
    route('addnewnotice', 'routes/admin/add-notice.tsx'),
    route('notice/:id/edit', 'routes/admin/edit-notice.tsx'),
    route('inquiries', 'routes/admin/inquiries.tsx'),
    route('vitals', 'routes/admin/vitals.tsx'),
    route('content', 'routes/admin/content.tsx'),
    route('banner', 'routes/admin/banner.tsx'),
    route('audit', 'routes/admin/audit.tsx'),
    route('messages', 'routes/admin/messages.tsx'),
    route('calendar', 'routes/admin/calendar.tsx'),
    route('backups', 'routes/admin/backups.tsx'),
    route('import', 'routes/admin/import.tsx'),
    route('demo', 'routes/admin/demo.tsx'),
    route('courses', 'routes/admin/courses.tsx'),
    route('people', 'routes/admin/people.tsx'),
    route('downloads', 'routes/admin/downloads.tsx'),
    route('staff', 'routes/admin/staff.tsx'),
    route('account', 'routes/admin/account.tsx'),
    route('search', 'routes/admin/search.tsx'),
    route('seasons', 'admission/office/seasons.tsx', { id: 'routes/admin/seasons' }),
    route('seasons/:id', 'admission/office/season.tsx', { id: 'routes/admin/season' }),
    route('applications', 'admission/office/applications.tsx', { id: 'routes/admin/applications' }),
    route('applications/:id', 'admission/office/application.tsx', { id: 'routes/admin/application' }),
    route('applications/:id/documents/:documentId/:file', 'admission/office/application-document.tsx', {
      id: 'routes/admin/application-document',
    }),
    route('entrance', 'admission/office/entrance.tsx', { id: 'routes/admin/entrance' }),
    route('entrance/sessions/:id', 'admission/office/entrance-session.tsx', { id: 'routes/admin/entrance-session' }),
    route('entrance/sessions/:id/cards', 'admission/office/entrance-cards.tsx', { id: 'routes/admin/entrance-cards' }),
    route('merit', 'admission/office/merit.tsx', { id: 'routes/admin/merit' }),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
] satisfies RouteConfig;
