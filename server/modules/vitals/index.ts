/**
 * Vitals' face: the pages' speed as visitors' browsers measure it (web vitals), their service and routes.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The vitals service
export { createVitalsService } from './vitals.service.ts';

// Routes
export { publicVitalsRoutes } from './vitals.routes.ts';
export { adminVitalsRoutes } from './vitals.admin.routes.ts';
