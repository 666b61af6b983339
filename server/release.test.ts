import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { RELEASE_FILE, readRelease } from './release.ts';

const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orbit-release-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

describe('readRelease', () => {
  it('is null in a folder that no upgrade built', () => {
    expect(readRelease(folder())).toBeNull();
  });

  it('reads the commit an upgrade wrote', () => {
    const dir = folder();
    const info = { commit: 'a'.repeat(40), ref: 'v2', builtAt: '2026-11-26T08:00:00.000Z' };
    fs.writeFileSync(path.join(dir, RELEASE_FILE), JSON.stringify(info));
    expect(readRelease(dir)).toEqual(info);
  });

  it('refuses a file that is not a release file, naming it', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, RELEASE_FILE), JSON.stringify({ commit: 'main' }));
    expect(() => readRelease(dir)).toThrow(RELEASE_FILE);
  });
});
