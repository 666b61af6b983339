import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the WordPress export the import tests read (export.xml, uploads/, old-urls.txt): the one
 * committed in tests/fixtures/wordpress, or, with WP_FIXTURE_DIR set, one a real WordPress has just made
 * (CI makes it afresh with make-fixture.sh: .ci/wordpress.sh). Ends with a slash.
 */
export const WORDPRESS_FIXTURE = process.env.WP_FIXTURE_DIR
  ? path.resolve(process.env.WP_FIXTURE_DIR) + path.sep
  : fileURLToPath(new URL('../../tests/fixtures/wordpress/', import.meta.url));
