// Loaded into a measured server with NODE_OPTIONS=--import=<this file> (bench/render-time.ts): when the
// process exits it writes to LOADED_BUILDS_FILE which builds of React, React DOM and React Router it ran,
// as the process itself saw them (its NODE_ENV, its CommonJS cache, its own ESM resolution), and the CPU
// time of each request (a figure a busy machine disturbs far less than the time the client waits).
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';

const out = process.env.LOADED_BUILDS_FILE;
const require = createRequire(import.meta.url);

if (out) {
  const cpu = [];
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res) {
    if (event === 'request') {
      const start = process.cpuUsage();
      res.once('finish', () => {
        const used = process.cpuUsage(start);
        cpu.push({ url: req.url, ms: (used.user + used.system) / 1000 });
      });
    }
    return emit.apply(this, arguments);
  };
  process.on('exit', () => {
    // Only modules that ran: importing a CommonJS file from ESM also caches, unrun, every file its
    // `module.exports = require(...)` lines name (both builds of React), to read their export names.
    const loaded = Object.entries(require.cache)
      .filter(([file, module]) => module?.loaded && /node_modules\/react(-dom)?\/cjs\//u.test(file))
      .map(([file]) => file)
      .map((file) => file.slice(file.lastIndexOf('node_modules/') + 'node_modules/'.length));
    const report = {
      NODE_ENV: process.env.NODE_ENV ?? null,
      react: loaded.filter((file) => file.startsWith('react/')),
      reactDom: loaded.filter((file) => file.startsWith('react-dom/')),
      // bench/lib shares the server build's node_modules, and ESM resolution uses the process's conditions.
      reactRouter: import.meta.resolve('react-router').replace(/^.*node_modules\//u, ''),
      cpu,
    };
    fs.writeFileSync(out, JSON.stringify(report));
  });
}
