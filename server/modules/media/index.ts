/**
 * Media's face: which record owns a stored file, and the media routes.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// Which record owns a stored file
export { fileOwners } from './file-owners.ts';

// Routes
export { mediaRoutes } from './media.routes.ts';
