import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  // Every public page in English at its address and in Nepali under /ne: one set of route modules, the
  // language decided by the address (app/lib/site-content.ts reads it in the layout's loader).
  route('ne?', 'routes/public-layout.tsx', [
    index('routes/home.tsx'),
    route('notices', 'routes/notices.tsx'),
    route('notices/:id/:slug?', 'routes/notice.tsx'),
    route('gallery', 'routes/gallery.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('admission', 'routes/admission.tsx'),
    // Online applications: the form and the applicant's status page.
    route('admission/apply', 'routes/admission-apply.tsx'),
    route('admission/status', 'routes/admission-status.tsx'),
    // Results day: the entrance results by roll number and date of birth.
    route('admission/results', 'routes/admission-results.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  route('login', 'routes/login.tsx'),
  route('welcome/:token', 'routes/welcome.tsx'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/admission.tsx'),
    route('featured', 'routes/admin/featured.tsx'),
    route('gallery', 'routes/admin/gallery.tsx'),
    route('addnewphoto', 'routes/admin/add-photo.tsx'),
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
    route('courses', 'routes/admin/courses.tsx'),
    route('people', 'routes/admin/people.tsx'),
    route('downloads', 'routes/admin/downloads.tsx'),
    route('staff', 'routes/admin/staff.tsx'),
    route('account', 'routes/admin/account.tsx'),
    route('seasons', 'routes/admin/seasons.tsx'),
    route('seasons/:id', 'routes/admin/season.tsx'),
    route('applications', 'routes/admin/applications.tsx'),
    route('applications/:id', 'routes/admin/application.tsx'),
    route('applications/:id/documents/:documentId/:file', 'routes/admin/application-document.tsx'),
    route('*', 'routes/admin/not-found.tsx'),
  ]),
] satisfies RouteConfig;
