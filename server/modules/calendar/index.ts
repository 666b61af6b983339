/**
 * The calendar's face: the academic calendar's service, its table and its admin routes.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The calendar service
export { createCalendarService } from './calendar.service.ts';

// The loaded calendar table and keeping it in step with the database
export { createLoadedCalendar, registerCalendarSync } from './calendar-table.ts';

// Routes
export { adminCalendarRoutes } from './calendar.admin.routes.ts';
