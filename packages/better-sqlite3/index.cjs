'use strict';
// Every `import ... from 'better-sqlite3'` in the project arrives here (package.json maps the name to this
// folder), and gets the real driver that can run on this Node:
// - better-sqlite3 12.x is built on node::ObjectWrap. Built against Node 24's headers, that class removes
//   a per-object cleanup hook in its destructor and asserts that an Environment is current; when the
//   garbage collector frees a Database or Statement where none is, the process aborts
//   ("Assertion failed: (env) != nullptr" in node::RemoveEnvironmentCleanupHook).
// - better-sqlite3 13.x uses Node-API (node-addon-api) instead and ships prebuilt binaries, but needs
//   Node-API 10 (Node 22.14+); on Node 20 (Node-API 9) it segfaults.
// Both are installed under aliases; the choice follows the Node-API level of the running Node.
/* global module, require */
const napi = Number(process.versions.napi);
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module, so that `import` and `require` both get the driver itself
module.exports = require(napi >= 10 ? 'better-sqlite3-v13' : 'better-sqlite3-v12');
