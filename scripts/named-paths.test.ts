import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every project path that the README, the docs and the code's comments name (`server/…`, `app/…`, `common/…`,
 * `scripts/…`, `tests/…`, …) exists: a reader sent to a file that was moved or removed is lost. Decision records
 * are the exception: each tells what was decided on its date and is never rewritten; the index
 * (docs/decisions/README.md) marks what superseded it.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['server', 'app', 'common', 'scripts', 'tests', 'content', 'bench', 'eslint-rules', 'docs'];
const SKIPPED = new Set([
  'node_modules',
  'build',
  'data',
  '.react-router',
  'test-results',
  'playwright-report',
  '.tmp',
]);
const CODE = /\.(ts|tsx|js|mjs|cjs|css)$/;

/** Text that reads like a path and is not one: an error code, and a file the benchmarks write when they run. */
const NOT_FILES = new Set(['content/stale', 'bench/results/latest.json']);

// A path starts at one of the project's folders (alone, or after `#` for an import alias), not inside a URL or a
// longer path. One with a placeholder (`release-<commit>`) or a glob names no one file.
const NAMED = new RegExp(`(?<![\\w./@-])#?((?:${FOLDERS.join('|')})/[\\w./@+<>*{}$\\[\\]-]*)`, 'g');
const PATTERN = /[<>*{}$[\]]/;

function walk(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (SKIPPED.has(entry.name) || relative === 'bench/results') continue;
    if (entry.isDirectory()) found.push(...walk(relative));
    else found.push(relative);
  }
  return found;
}

/** The parts of a source file that are comments (line comments, and block comments' lines). */
function commentsOf(text: string): string[] {
  const comments: string[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (/^(\*|\/\*|\{\/\*)/.test(trimmed)) comments.push(trimmed);
    else if (/(^|\s)\/\/\s/.test(line)) comments.push(line.slice(line.search(/(^|\s)\/\/\s/)));
  }
  return comments;
}

function namedPaths(text: string): string[] {
  return [...text.matchAll(NAMED)].map((m) => m[1]!.replace(/[.-]+$/, '')).filter((named) => !PATTERN.test(named));
}

function missingPaths(): string[] {
  const files = FOLDERS.flatMap(walk);
  const docs = ['README.md', ...files.filter((f) => f.endsWith('.md') && !f.startsWith('docs/decisions/0'))];
  const sources = files.filter((f) => CODE.test(f));
  const missing: string[] = [];
  const check = (file: string, texts: string[]) => {
    for (const text of texts) {
      for (const named of namedPaths(text)) {
        if (NOT_FILES.has(named) || fs.existsSync(path.join(ROOT, named))) continue;
        missing.push(`${file} names ${named}`);
      }
    }
  };
  for (const file of docs) check(file, [fs.readFileSync(path.join(ROOT, file), 'utf8')]);
  for (const file of sources) check(file, commentsOf(fs.readFileSync(path.join(ROOT, file), 'utf8')));
  return missing;
}

describe('paths named in the docs and comments', () => {
  it('finds a path, an alias and a folder, and leaves URLs and placeholders alone', () => {
    expect(
      namedPaths(
        'see server/clock.ts, #common/policy.ts and docs/decisions/; not https://x.org/app/a.ts nor tests/fixtures/release-<commit>/ nor app/**/*.tsx. Then app/root.tsx.',
      ),
    ).toEqual(['server/clock.ts', 'common/policy.ts', 'docs/decisions/', 'app/root.tsx']);
  });

  it('all exist', () => {
    expect(missingPaths()).toEqual([]);
  });
});
