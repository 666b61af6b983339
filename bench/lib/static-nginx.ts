import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A file nginx serves as it is: its bytes, its content type, and the encoding they are already in. */
export interface StaticFile {
  name: string;
  body: Buffer;
  type: string;
  encoding?: 'br' | 'gzip';
}

export interface StaticNginx {
  /** The address of a file by its name. */
  url: (name: string) => string;
  stop: () => Promise<void>;
}

/** Whether Debian's nginx is installed (`apt-get install -y nginx`). */
export const hasNginx = (): boolean => spawnSync('which', ['nginx']).status === 0;

/**
 * Debian's nginx with one worker on 127.0.0.1:`port`, serving `files` from a folder of its own (deleted at
 * stop): the limit a bench sets our server's answers beside, measured in the same run with the same load tool.
 */
export async function startStaticNginx(port: number, files: readonly StaticFile[]): Promise<StaticNginx> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-nginx-bench-'));
  const www = path.join(work, 'www');
  fs.mkdirSync(www);
  fs.mkdirSync(path.join(work, 'tmp'));
  // nginx's worker drops root for its own user: it must be able to read the files.
  fs.chmodSync(work, 0o755);
  for (const f of files) fs.writeFileSync(path.join(www, f.name), f.body);
  const locations = files.map(
    (f) =>
      `location = /${f.name} { default_type ${f.type}; ${f.encoding ? `add_header Content-Encoding ${f.encoding};` : ''} }`,
  );
  fs.writeFileSync(
    path.join(work, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${work}/nginx.pid; error_log stderr warn;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush off; keepalive_requests 100000;
  client_body_temp_path ${work}/tmp; proxy_temp_path ${work}/tmp; fastcgi_temp_path ${work}/tmp;
  uwsgi_temp_path ${work}/tmp; scgi_temp_path ${work}/tmp;
  server { listen 127.0.0.1:${port}; root ${www}; ${locations.join(' ')} } }
`,
  );
  const nginx: ChildProcess = spawn('nginx', ['-c', path.join(work, 'nginx.conf'), '-p', work], { stdio: 'inherit' });
  const url = (name: string) => `http://127.0.0.1:${port}/${name}`;
  const exited = () => nginx.exitCode !== null || nginx.signalCode !== null;
  const gone = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  // Its folder goes once it has exited (it removes its pid file there on the way out).
  const stop = async () => {
    if (!exited()) {
      nginx.kill('SIGQUIT');
      await gone;
    }
    fs.rmSync(work, { recursive: true, force: true });
  };
  // Listening once the first file answers.
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(url(files[0]!.name))).ok) break;
    } catch {
      // not listening yet
    }
    if (exited() || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start on port ${port}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop };
}
