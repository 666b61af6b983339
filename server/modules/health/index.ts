/**
 * Health's face: the health check route.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// Routes
export { healthRoutes } from './health.routes.ts';
