import { spawnSync } from 'node:child_process';

/**
 * Unmounts a test's tmpfs, whatever still holds it for a moment: a file handle a finished backup's worker closes
 * just after its answer, or a directory another test process is walking. Tries again for a few seconds, then
 * detaches it lazily (`umount -l`: gone once nothing uses it), so no test leaves a mount behind. Throws only when
 * even that fails.
 */
export async function unmountTmpfs(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (spawnSync('umount', [dir], { stdio: 'ignore' }).status === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const lazy = spawnSync('umount', ['-l', dir], { encoding: 'utf8' });
  if (lazy.status !== 0) throw new Error(`umount -l ${dir} failed: ${lazy.stderr.trim()}`);
}
