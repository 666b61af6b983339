// The server compiled ahead of time: `npm run build` (and `npm start`, when the build is missing or older than a
// source) compiles server/main.ts and the photo process's entry into plain JavaScript in
// node_modules/.cache/orbit-server, which server/start.mjs runs without the TypeScript loader. Not in build/:
// `react-router build` empties that folder, and the first start of a fresh copy builds the pages after this.
// Plain JavaScript, so that nothing needs a loader to run it.
//
// Why: a server compiled as it loads (tsx) carries a loader thread, the compiler and an inline source map in each
// module for its whole life. In the admissions rush (300 applications from 50 clients, documents drawn after) the
// compiled server held 281 MB after the rush against 352, and the photo process's peak was 234 MB against 249-260.
//
// Each module keeps its own address: `import.meta.url` is replaced, file by file, by the address of the source
// file, so a module that finds a file beside itself (a worker, the project's root) finds the same file compiled
// or not. Packages are not compiled in: they load from node_modules as before.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUNDLE_DIR = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'orbit-server');
const MANIFEST = 'manifest.json';
/** The entries compiled, by the name of their output file. */
const ENTRIES = {
  main: 'server/main.ts',
  'photo-process.child': 'server/modules/images/photo-process.child.ts',
};
/** Besides the sources esbuild reads: what changes the output without being one of them. */
const ALSO_DEPENDS_ON = ['package.json', 'server/startup/server-bundle.mjs', 'node_modules/esbuild/package.json'];
/** Compiled folders no manifest names are removed once this old (a process that started from one still runs). */
const KEEP_OLD_MS = 60 * 60 * 1000;

/** The project compiled (tests compile one of their own). */
const PROJECT = { root: PROJECT_ROOT, dir: BUNDLE_DIR, entries: ENTRIES, alsoDependsOn: ALSO_DEPENDS_ON };

/** Size and modification time of a file of the project, or null when it is gone. */
function stamp(root, relative) {
  try {
    const s = fs.statSync(path.join(root, relative));
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/**
 * The compiled entries' absolute paths when BUNDLE_DIR holds a compilation of the sources as they are now (every
 * file it was made from has the size and time it had then, in the same folder); null when there is none, a source
 * changed since, or the project was compiled in another folder (moved, or node_modules copied from another).
 */
export function freshBundle({ root, dir, entries } = PROJECT) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    return null;
  }
  // Compiled elsewhere (a folder moved or copied keeps its files' times): the addresses in it are the old ones.
  if (manifest.root !== root || typeof manifest.folder !== 'string' || !manifest.inputs) return null;
  for (const [file, was] of Object.entries(manifest.inputs)) if (stamp(root, file) !== was) return null;
  const compiled = compiledEntries(path.join(dir, manifest.folder), entries);
  return Object.values(compiled).every((file) => fs.existsSync(file)) ? compiled : null;
}

/** Compilations under way in this process (the compiler is ended after the last). */
let compiling = 0;

const compiledEntries = (folder, entries) =>
  Object.fromEntries(Object.keys(entries).map((name) => [name, path.join(folder, `${name}.mjs`)]));

/**
 * Replaces `import.meta.url` in each source by its own file's address; any other `import.meta` use is refused.
 * Each source's stamp is taken as it is read (into `stamps`, by absolute path): one saved while the compiler
 * runs is then recorded as it was when read, so the next start sees it changed and compiles it again.
 */
const ownAddress = (stamps) => ({
  name: 'own-address',
  setup(build) {
    // esbuild reads the filter as a Go regular expression, which has no `u` flag.
    build.onLoad({ filter: /\.(?:ts|tsx|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const read = await fs.promises.stat(args.path);
      stamps.set(args.path, `${read.size}:${read.mtimeMs}`);
      const source = await fs.promises.readFile(args.path, 'utf8');
      const other = /\bimport\.meta\.(?!url\b)\w+/u.exec(source);
      if (other) {
        return {
          errors: [{ text: `${other[0]} is not kept by the compiled server; use import.meta.url (${args.path})` }],
        };
      }
      const contents = source.replaceAll(/\bimport\.meta\.url\b/gu, JSON.stringify(pathToFileURL(args.path).href));
      const loader = /\.m?js$/u.test(args.path) ? 'js' : /x$/u.test(args.path) ? 'tsx' : 'ts';
      return { contents, loader };
    });
  },
});

/**
 * Compiles the entries into a new folder of BUNDLE_DIR and names it in the manifest (written last, by a rename,
 * so a process starting meanwhile reads the old compilation or the new one, whole). Several processes compiling
 * at once each write a folder of their own. Answers the compiled entries' paths.
 */
export async function buildBundle({ root, dir, entries, alsoDependsOn } = PROJECT) {
  const esbuild = await import('esbuild');
  const stamps = new Map();
  compiling += 1;
  let staging = null;
  try {
    fs.mkdirSync(dir, { recursive: true });
    staging = fs.mkdtempSync(path.join(dir, '.staging-'));
    // Readable by the service's user when compiled by another (`npm run build` as root, the unit as its user), as
    // the rest of the project is; mkdtemp makes the folder its maker's alone.
    fs.chmodSync(staging, 0o755);
    // Stamped before the compiler may read them, as the sources are as they are read.
    const before = new Map(alsoDependsOn.map((file) => [path.join(root, file), stamp(root, file)]));
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: entries,
      outdir: staging,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Modules loaded on demand (import()) stay in chunks of their own, loaded when asked for, as before.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      packages: 'external',
      // `node --enable-source-maps server/start.mjs` shows TypeScript lines in stack traces; without it, no cost.
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
      plugins: [ownAddress(stamps)],
    });
    const hash = createHash('sha256');
    const outputs = Object.keys(result.metafile.outputs).sort();
    for (const output of outputs) {
      const file = path.join(root, output);
      hash.update(path.relative(staging, file)).update(fs.readFileSync(file));
    }
    const folder = hash.digest('hex').slice(0, 16);
    const inputs = {};
    for (const file of [...Object.keys(result.metafile.inputs), ...alsoDependsOn].sort()) {
      const where = path.join(root, file);
      inputs[file] = stamps.get(where) ?? before.get(where) ?? stamp(root, file);
    }
    const target = path.join(dir, folder);
    try {
      fs.renameSync(staging, target);
    } catch (err) {
      // The same compilation is there already (another process made it at the same time): keep that one.
      if (!['ENOTEMPTY', 'EEXIST'].includes(err.code)) throw err;
    }
    const manifestStaging = path.join(dir, `${MANIFEST}.${process.pid}`);
    fs.writeFileSync(manifestStaging, `${JSON.stringify({ root, folder, inputs }, null, 1)}\n`);
    fs.renameSync(manifestStaging, path.join(dir, MANIFEST));
    removeOldFolders(dir, folder);
    return compiledEntries(target, entries);
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    // esbuild's compiler is a process of its own: ended, so a server that compiled at its start does not keep it.
    compiling -= 1;
    if (compiling === 0) await esbuild.stop();
  }
}

function removeOldFolders(dir, current) {
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (name === current || name === MANIFEST) continue;
    try {
      if (Date.now() - fs.statSync(file).mtimeMs > KEEP_OLD_MS) fs.rmSync(file, { recursive: true, force: true });
    } catch {
      // removed by another process meanwhile
    }
  }
}

// `node server/startup/server-bundle.mjs` (in `npm run build`): compiles, and says where.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const entries = await buildBundle();
  console.log(`Compiled the server into ${path.relative(PROJECT_ROOT, path.dirname(entries.main))}`);
}
