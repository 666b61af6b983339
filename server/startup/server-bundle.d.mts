/** Types of server-bundle.mjs (plain JavaScript, run by `node` before any loader). */
export interface BundleProject {
  /** The project's folder: entries and inputs are named relative to it. */
  root: string;
  /** Where the compilations and their manifest are kept. */
  dir: string;
  /** Source files to compile, by the name of their output (`<name>.mjs`). */
  entries: Record<string, string>;
  /** Files besides the sources whose change makes a compilation stale. */
  alsoDependsOn: string[];
}
export const PROJECT_ROOT: string;
export const BUNDLE_DIR: string;
export function freshBundle(project?: BundleProject): Record<string, string> | null;
export function buildBundle(project?: BundleProject): Promise<Record<string, string>>;
