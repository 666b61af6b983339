/**
 * The demo's face: the sample college's service and its admin routes.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The demo service
export { createDemoService } from './demo.service.ts';

// Routes
export { adminDemoRoutes } from './demo.admin.routes.ts';
