/**
 * Today's face: what the admin's today page shows.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The today service
export { type Today, createTodayService } from './today.service.ts';
