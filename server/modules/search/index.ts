/**
 * Search's face: the admin search service and its route.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The search service
export { createSearchService } from './search.service.ts';

// Routes
export { adminSearchRoutes } from './search.admin.routes.ts';
