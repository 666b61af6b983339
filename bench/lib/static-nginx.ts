import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One file nginx sends as it is, at `/<name>`. */
export interface StaticFile {
  name: string;
  body: Buffer;
  contentType: string;
  /** The Content-Encoding the body already has (`br`), if any. */
  encoding?: string;
}

export interface StaticNginx {
  url: (name: string) => string;
  /** Stops nginx, waits for it to exit, and removes its scratch folder. */
  stop: () => Promise<void>;
}

export const nginxInstalled = (): boolean => spawnSync('which', ['nginx']).status === 0;

/**
 * Debian's nginx with one worker serving `files` from a scratch folder on 127.0.0.1:`port`: the yardstick for a
 * page's figures, measured in the same run with the same load tool. `tcp_nopush off`: with Debian's `on`,
 * keep-alive answers can wait 40 ms each (TOOLCHAIN.md).
 */
export async function startStaticNginx(port: number, files: StaticFile[]): Promise<StaticNginx> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-nginx-'));
  const www = path.join(work, 'www');
  fs.mkdirSync(www);
  fs.mkdirSync(path.join(work, 'tmp'));
  // nginx's worker drops root for its own user: it must be able to read the files.
  fs.chmodSync(work, 0o755);
  const locations = files.map((f) => {
    fs.writeFileSync(path.join(www, f.name), f.body);
    const encoding = f.encoding ? ` add_header Content-Encoding ${f.encoding};` : '';
    return `location = /${f.name} { default_type ${f.contentType};${encoding} }`;
  });
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
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const first = files[0];
  for (let i = 0; first && i < 40; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/${first.name}`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    stop: async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        nginx.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
