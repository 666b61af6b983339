/**
 * The first run's face: setting up a new college on its first start.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The first-run service
export { type FirstRun, createFirstRunService } from './first-run.service.ts';
