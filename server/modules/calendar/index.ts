/**
 * The calendar's face: the Bikram Sambat month-length corrections, their service, the table this process converts
 * dates with (kept in step with the database) and the admin routes.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The calendar service
export { createCalendarService } from './calendar.service.ts';

// The corrections this process converts dates with, read again whenever the content version moves
export { createLoadedCalendar, registerCalendarSync } from './calendar-table.ts';

// Routes
export { adminCalendarRoutes } from './calendar.admin.routes.ts';
