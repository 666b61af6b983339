import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OpsError } from './embedded.ts';
import { describeScriptError } from './script-error.ts';

function systemError(code: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${code}: raw message`), { code }, extra);
}

describe('describeScriptError', () => {
  it('prints a named failure as one line', () => {
    expect(describeScriptError(new OpsError('No such file: /x.tar.gz'))).toEqual(['Error: No such file: /x.tar.gz']);
  });

  it('explains a wrong argument without a stack', () => {
    let thrown: unknown;
    try {
      parseArgs({ args: ['/tmp/out.tar.gz'], options: { out: { type: 'string' } } });
    } catch (err) {
      thrown = err;
    }
    const lines = describeScriptError(thrown);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Error: Unexpected argument '\/tmp\/out\.tar\.gz'/);
  });

  it('says in words what a full disk, a missing file and a refused connection mean', () => {
    expect(describeScriptError(systemError('ENOSPC', { path: '/data/x' }))).toEqual([
      'Error: the disk is full (/data/x). Free some space and run it again; nothing was finished.',
    ]);
    expect(describeScriptError(systemError('ENOENT', { path: '/nope' }))[0]).toBe(
      'Error: a file or folder does not exist (/nope).',
    );
    expect(describeScriptError(systemError('ECONNREFUSED', { address: '127.0.0.1', port: 5432 }))[0]).toBe(
      'Error: could not connect to the database at 127.0.0.1:5432. Is PostgreSQL running, and is DATABASE_URL right?',
    );
  });

  it('keeps the stack of an unexpected failure, after a plain first line', () => {
    const lines = describeScriptError(new TypeError('x is undefined'));
    expect(lines[0]).toBe('Error: x is undefined');
    expect(lines[2]).toContain('TypeError: x is undefined');
    expect(lines[2]).toContain('script-error.test.ts');
  });

  it('prints a thrown non-error as it is', () => {
    expect(describeScriptError('stopped')).toEqual(['Error: stopped']);
  });
});
