/**
 * The feeds' face: the latest notices' feed, the sitemap and robots.txt.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// Routes
export { feedsRoutes } from './feeds.routes.ts';
