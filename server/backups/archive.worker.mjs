// A backup archive written (tar + gzip) or read whole, in a worker thread of the lowest priority: gzip
// of a gigabyte of photos costs tens of seconds of CPU, which the server's own thread must spend
// answering pages (node-tar compresses synchronously on the thread that runs it). Plain JavaScript, so
// that it loads the same way under the server, the scripts and the tests.
//   { op: 'create', file, cwd, entries }   -> writes the archive `file` of `entries` (relative to cwd)
//   { op: 'read', file, cwd, take }        -> reads the whole archive, extracts the entries named in
//                                             `take` into cwd; answers [path, size] of every file entry
//   { op: 'unpack', file, cwd, rootFiles } -> unpacks what a backup may hold into cwd; answers the
//                                             paths of the entries refused
// Answers { result } or { error: { code, path, message } }.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import * as tar from 'tar';

// The lowest priority for this thread only (Linux keeps a nice value per thread): with the CPU busy,
// the thread answering pages goes first.
os.setPriority(os.constants.priority.PRIORITY_LOW);

async function run({ op, file, cwd, entries, take, rootFiles }) {
  if (op === 'create') {
    await tar.create({ gzip: true, file, cwd, portable: true }, entries);
    return null;
  }
  if (op === 'read') {
    const files = [];
    const wanted = new Set(take);
    await tar.extract({
      file,
      cwd,
      strict: true,
      filter: (entryPath, entry) => {
        if ('type' in entry && entry.type === 'File') files.push([entryPath, entry.size ?? 0]);
        return wanted.has(entryPath);
      },
    });
    return files;
  }
  if (op === 'unpack') {
    // Only these may come out of an archive: regular files and folders, at these places.
    const allowed = (entryPath, type) =>
      (type === 'File' && (rootFiles.includes(entryPath) || entryPath.startsWith('uploads/'))) ||
      (type === 'Directory' && entryPath.startsWith('uploads/'));
    const refused = [];
    await tar.extract({
      file,
      cwd,
      strict: true,
      filter: (entryPath, entry) => {
        const ok = 'type' in entry && allowed(entryPath, entry.type);
        if (!ok) refused.push(entryPath);
        return ok;
      },
    });
    return refused;
  }
  throw new Error(`Unknown archive operation ${op}`);
}

try {
  parentPort.postMessage({ result: await run(workerData) });
} catch (err) {
  parentPort.postMessage({ error: { code: err?.code, path: err?.path, message: err?.message ?? String(err) } });
}
