import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface RouteAssets {
  module: string;
  imports?: string[];
  parentId?: string;
}
interface BuildAssets {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, RouteAssets>;
}

export interface RouteFirstLoad {
  route: string;
  path: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  adminChunks: string[];
}

export interface FirstLoadReport {
  routes: RouteFirstLoad[];
  /** Chunks that only admin routes (and the login page) use. */
  adminOnlyChunks: string[];
}

const PUBLIC_ROUTES: [string, string][] = [
  ['routes/home', '/'],
  ['routes/notices', '/notices'],
  ['routes/gallery', '/gallery'],
  ['routes/contact', '/contact'],
  ['routes/not-found', '/no-such-page'],
  ['routes/login', '/login'],
];

const isAdminRoute = (id: string) => id.startsWith('routes/admin/') || id === 'routes/login';

/**
 * The JavaScript a first visit to each public route downloads, from React Router's manifest in the build
 * (the same list the server writes as <link rel="modulepreload">, plus the manifest script itself),
 * gzip-compressed as a proxy or CDN would send it.
 */
export async function measureFirstLoad(root: string): Promise<FirstLoadReport> {
  const serverBuild = path.join(root, 'build', 'server', 'index.js');
  const { assets } = (await import(pathToFileURL(serverBuild).href)) as { assets: BuildAssets };
  const chain = (id: string): RouteAssets[] => {
    const out: RouteAssets[] = [];
    for (let r = assets.routes[id]; r; r = r.parentId ? assets.routes[r.parentId] : undefined) out.unshift(r);
    return out;
  };
  const filesOf = (id: string) => {
    const files = new Set([assets.url, assets.entry.module, ...assets.entry.imports]);
    for (const r of chain(id)) for (const f of [r.module, ...(r.imports ?? [])]) files.add(f);
    return files;
  };
  const publicFiles = new Set<string>();
  for (const [id] of PUBLIC_ROUTES) if (!isAdminRoute(id)) for (const f of filesOf(id)) publicFiles.add(f);
  const adminOnly = new Set<string>();
  for (const id of Object.keys(assets.routes).filter(isAdminRoute)) {
    for (const f of filesOf(id)) if (!publicFiles.has(f)) adminOnly.add(f);
  }
  const routes = PUBLIC_ROUTES.map(([route, urlPath]) => {
    const files = [...filesOf(route)];
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const f of files) {
      const body = fs.readFileSync(path.join(root, 'build', 'client', f));
      rawBytes += body.length;
      gzipBytes += gzipSync(body).length;
    }
    return {
      route,
      path: urlPath,
      files: files.length,
      rawBytes,
      gzipBytes,
      adminChunks: isAdminRoute(route) ? [] : files.filter((f) => adminOnly.has(f)),
    };
  });
  return { routes, adminOnlyChunks: [...adminOnly].sort() };
}
