// `npm start`: the server compiled ahead of time (server/startup/server-bundle.mjs), compiled here first when
// the compilation is missing or older than a source. Where the project's folder cannot be written (a service whose
// system is read-only, built before with `npm run build`, then changed), the sources run through the TypeScript
// loader as they are, and the log says why: the site starts either way, only heavier.
import { pathToFileURL } from 'node:url';
import { buildBundle, freshBundle } from './startup/server-bundle.mjs';

// React and React DOM choose their production or development build by NODE_ENV when first loaded, and a compiled
// module's own imports (React's among them) are all loaded before its first statement runs: so the default is set
// here, before the compiled server is imported, not only by server/main.ts's first import (which runs first only
// in the sources). Unset, a page would meet two builds of React, and every page answer 500.
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';

let bundle = freshBundle();
let notCompiled = null;
if (!bundle) {
  try {
    bundle = await buildBundle();
  } catch (err) {
    notCompiled = err;
  }
}

if (bundle) {
  // The photo process starts from its compiled entry too (server/modules/images/photo-process.ts).
  process.env.ORBIT_PHOTO_PROCESS_ENTRY = bundle['photo-process.child'];
  await import(pathToFileURL(bundle.main).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  // Said on the error stream before the server's own log starts: its logger does not exist yet.
  console.error(
    `The server could not be compiled (${notCompiled instanceof Error ? notCompiled.message : String(notCompiled)}); ` +
      'running the sources through the TypeScript loader instead, which holds more memory. Run `npm run build`.',
  );
  await import('./main.ts');
}
