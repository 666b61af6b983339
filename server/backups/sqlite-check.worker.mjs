// SQLite's quick_check or integrity_check on one file, in a worker thread: on a large database they take
// seconds, which the server's own thread must spend answering pages. Plain JavaScript, so that it loads
// the same way under the server, the scripts and the tests. Answers { result } or { error: { code, message } }.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

// The lowest priority for this thread only (Linux keeps a nice value per thread): with the CPU busy,
// the thread answering pages goes first.
os.setPriority(os.constants.priority.PRIORITY_LOW);
const { file, pragma, readonly } = workerData;
let db;
try {
  db = new SQLite(file, { fileMustExist: true, readonly });
  parentPort.postMessage({ result: String(db.pragma(pragma, { simple: true })) });
} catch (err) {
  parentPort.postMessage({ error: { code: err?.code, message: err?.message ?? String(err) } });
} finally {
  db?.close();
}
