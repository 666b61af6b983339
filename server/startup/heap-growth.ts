import v8 from 'node:v8';

/**
 * Imported by server/main.ts before the app. When full collections look cheap, V8 lets the heap grow to up to
 * four times what survived the last one before collecting again. Under results day's crowd (200 connections,
 * about 20,000 look-ups a second) the requests in flight at each minor collection are moved to the old
 * generation and die there: the heap grew from 60 to 258 MB between two full collections and the process
 * peaked at 556 MB (`npm run bench -- results`). Growing by half at most, full collections come more often (a
 * few milliseconds each) and the peak was 378-393 MB, with the look-up's p99 under 50 ms (decision 0042).
 * A `node --heap-growing-percent=N` given by whoever starts the server wins.
 */
const HEAP_GROWING_PERCENT = 50;

if (!process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/u.test(arg))) {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
