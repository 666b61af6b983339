// A backup archive written (tar + gzip) or read whole, in a worker thread of the lowest priority: gzip
// of a gigabyte of photos costs tens of seconds of CPU, which the server's own thread must spend
// answering pages (node-tar compresses synchronously on the thread that runs it). Plain JavaScript, so
// that it loads the same way under the server, the scripts and the tests.
//   { op: 'create', file, cwd, entries }   -> writes the archive `file` of `entries` (relative to cwd)
//   { op: 'read', file, cwd, take }        -> reads the whole archive, extracts the entries named in
//                                             `take` into cwd; answers [path, size] of every file entry
// Answers { result } or { error: { code, path, message } }.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import * as tar from 'tar';

// The lowest priority for this thread only (Linux keeps a nice value per thread): with the CPU busy,
// the thread answering pages goes first.
os.setPriority(os.constants.priority.PRIORITY_LOW);

async function run({ op, file, cwd, entries, take }) {
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
  throw new Error(`Unknown archive operation ${op}`);
}

try {
  parentPort.postMessage({ result: await run(workerData) });
} catch (err) {
  parentPort.postMessage({ error: { code: err?.code, path: err?.path, message: err?.message ?? String(err) } });
}
