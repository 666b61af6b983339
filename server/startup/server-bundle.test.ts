import type * as Esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BundleProject, buildBundle, freshBundle } from './server-bundle.mjs';

/** Run after the compiler has read the sources and before the compilation is recorded (a save meanwhile). */
const whileCompiling = vi.hoisted(() => ({ run: null as (() => void) | null }));
vi.mock('esbuild', async (importOriginal) => {
  const esbuild = await importOriginal<typeof Esbuild>();
  const build = (async (options: Parameters<typeof esbuild.build>[0]) => {
    const result = await esbuild.build(options);
    whileCompiling.run?.();
    return result;
  }) as typeof esbuild.build;
  return { ...esbuild, build, default: { ...esbuild, build } };
});

let root: string;
let project: BundleProject;

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-bundle-'));
  project = { root, dir: path.join(root, 'out'), entries: { main: 'src/main.ts' }, alsoDependsOn: ['package.json'] };
  write('package.json', '{"type":"module"}\n');
  write(
    'src/main.ts',
    [
      "import { beside } from './lib/beside.ts';",
      'export const here: string = import.meta.url;',
      'export const besideFile = beside;',
      "export const loadLater = () => import('./later.ts');",
    ].join('\n'),
  );
  write('src/lib/beside.ts', "export const beside = new URL('./data.txt', import.meta.url).href;\n");
  write('src/later.ts', "(globalThis as Record<string, unknown>).laterLoaded = true;\nexport const later = 'later';\n");
});

afterEach(() => {
  whileCompiling.run = null;
  delete (globalThis as Record<string, unknown>).laterLoaded;
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('keeps each module’s own address, and loads a module asked for later only when asked', async () => {
    const { main } = await buildBundle(project);
    const compiled = await import(pathToFileURL(main!).href);
    expect(compiled.here).toBe(pathToFileURL(path.join(root, 'src/main.ts')).href);
    expect(compiled.besideFile).toBe(pathToFileURL(path.join(root, 'src/lib/data.txt')).href);
    expect((globalThis as Record<string, unknown>).laterLoaded).toBeUndefined();
    expect((await compiled.loadLater()).later).toBe('later');
    expect((globalThis as Record<string, unknown>).laterLoaded).toBe(true);
  });

  it('is used while its sources are unchanged, and compiled again when one changes or goes', async () => {
    expect(freshBundle(project)).toBeNull();
    const first = await buildBundle(project);
    expect(freshBundle(project)).toEqual(first);

    write('src/lib/beside.ts', "export const beside = 'changed';\n");
    expect(freshBundle(project)).toBeNull();
    const second = await buildBundle(project);
    expect(second.main).not.toBe(first.main);
    expect(freshBundle(project)).toEqual(second);
    // The compilation a running process started from stays on disk.
    expect(fs.existsSync(first.main!)).toBe(true);

    write('package.json', '{"type":"module","imports":{}}\n');
    expect(freshBundle(project)).toBeNull();
    await buildBundle(project);
    fs.rmSync(path.join(root, 'src/later.ts'));
    expect(freshBundle(project)).toBeNull();
  });

  it('is compiled again at the next start when a source or package.json is saved while it compiles', async () => {
    whileCompiling.run = () => write('src/lib/beside.ts', "export const beside = 'saved meanwhile';\n");
    await buildBundle(project);
    expect(freshBundle(project)).toBeNull();
    whileCompiling.run = () => write('package.json', '{"type":"module","imports":{}}\n');
    await buildBundle(project);
    expect(freshBundle(project)).toBeNull();
    whileCompiling.run = null;
    const { main } = await buildBundle(project);
    expect(freshBundle(project)).toEqual({ main });
    expect((await import(pathToFileURL(main!).href)).besideFile).toBe('saved meanwhile');
  });

  it('is compiled again in a project moved to another folder, whose files keep their times', async () => {
    await buildBundle(project);
    const moved = `${root}-moved`;
    fs.renameSync(root, moved);
    try {
      const there = { ...project, root: moved, dir: path.join(moved, 'out') };
      expect(freshBundle(there)).toBeNull();
      const { main } = await buildBundle(there);
      expect((await import(pathToFileURL(main!).href)).here).toBe(pathToFileURL(path.join(moved, 'src/main.ts')).href);
    } finally {
      fs.renameSync(moved, root);
    }
  });

  it('compiles the same sources into the same folder when two processes compile at once', async () => {
    const [a, b] = await Promise.all([buildBundle(project), buildBundle(project)]);
    expect(a).toEqual(b);
    expect(freshBundle(project)).toEqual(a);
    expect(
      fs
        .readdirSync(project.dir)
        .filter((name) => !name.startsWith('.'))
        .sort(),
    ).toEqual([path.basename(path.dirname(a.main!)), 'manifest.json']);
  });

  it('refuses a module that uses import.meta other than its address, naming it', async () => {
    write('src/lib/beside.ts', 'export const beside = import.meta.dirname;\n');
    await expect(buildBundle(project)).rejects.toThrow(/import\.meta\.dirname is not kept by the compiled server/u);
    expect(freshBundle(project)).toBeNull();
    expect(fs.readdirSync(project.dir)).toEqual([]);
  });
});
