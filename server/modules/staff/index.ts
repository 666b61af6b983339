/**
 * Staff's face: staff accounts as the office manages them, and one's own account.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The staff and own-account services
export { type StaffService, createStaffService } from './staff.service.ts';
export { createAccountService } from './account.service.ts';

// Routes
export { welcomeRoutes } from './welcome.routes.ts';
export { adminStaffRoutes } from './staff.admin.routes.ts';
export { adminAccountRoutes } from './account.admin.routes.ts';
