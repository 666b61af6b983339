/**
 * The feeds' face: the RSS and calendar feed routes.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// Routes
export { feedsRoutes } from './feeds.routes.ts';
