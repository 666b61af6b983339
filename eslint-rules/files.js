// Where a file sits decides which house rules apply to it; the rules read it from the path relative to the project.
import path from 'node:path';

/** The file's path relative to where ESLint runs, with forward slashes: `server/modules/notices/notices.service.ts`. */
export const projectPath = (context) => path.relative(context.cwd, context.filename).split(path.sep).join('/');

/** Tests and what only tests use: they build rows, set clocks and name roles as data. */
export const isTestCode = (file) =>
  /\.test\.[cm]?[jt]sx?$/.test(file) || file.includes('/test-support/') || file.startsWith('tests/');
