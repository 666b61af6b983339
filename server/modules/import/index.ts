/**
 * The import's face: bringing a WordPress site's posts and uploads in, and its old addresses.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// Import runs and the old addresses they leave
export { createImportRuns } from './import-runs.service.ts';
export { createOldAddresses, registerOldAddresses } from './old-addresses.ts';
// What an old address that leads to one of the site's own pages names as its target
export { SITE_PAGE_TARGET } from './wordpress-pages.ts';

// The WordPress import: plan, run and report (the command line runs them)
export { planWordPressImport } from './wordpress-plan.ts';
export { runWordPressImport } from './wordpress-import.ts';
export { describePlan, describeReport } from './wordpress-report.ts';

// An uploads archive: its limits, its refusals and unpacking it
export {
  ARCHIVE_NAME,
  type ArchiveLimits,
  type ArchiveProblem,
  ArchiveRefused,
  leftOutLines,
  unpackArchive,
  uploadsRoot,
} from './uploads-archive.ts';
