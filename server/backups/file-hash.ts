import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** The SHA-256 of a file's bytes, in hex, read as a stream. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
