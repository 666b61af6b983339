import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Whether the AWS SDK's S3 client is loaded once storage (and the off-site copy, when asked) is made: in a
 * process of its own, as a server's start makes them, so that nothing another test loaded counts.
 */
function sdkLoadedAfter(withBucket: boolean): boolean {
  const script = `
    import { createRequire } from 'node:module';
    import os from 'node:os';
    const { createStorage } = await import('#server/storage/create-storage.ts');
    await import('#server/backups/offsite.ts');
    createStorage({ dataDir: os.tmpdir(), ${withBucket ? "S3_BUCKET: 'uploads', S3_REGION: 'us-east-1'" : ''} });
    const cache = createRequire(import.meta.url).cache;
    console.log(Object.keys(cache).some((file) => file.includes('@aws-sdk/client-s3')));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return out.trim() === 'true';
}

describe('the S3 client', () => {
  it('is not loaded by a server that keeps its files on its own disk', () => {
    expect(sdkLoadedAfter(false)).toBe(false);
  });

  it('is loaded when a bucket is configured', () => {
    expect(sdkLoadedAfter(true)).toBe(true);
  });
});
