// TEMP instrumentation (not committed)
import fs from 'node:fs';
export const t41line = (s: string) => {
  if (process.env.T41) fs.appendFileSync(process.env.T41, `${s}\n`);
};
export const t41 = (label: string, since: number) => t41line(`T41 ${label} ${(performance.now() - since).toFixed(1)}`);
