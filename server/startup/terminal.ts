import type { DestinationStream } from 'pino';

/**
 * Whether the server was started by a person in a terminal (`npm start`), who reads a few plain lines;
 * a service (systemd, a container) has no terminal and keeps JSON logs for its log collector.
 */
export const startedInTerminal = (): boolean => Boolean(process.stdout.isTTY);

const LEVEL_WORDS: Record<number, string> = { 40: 'Warning', 50: 'Error', 60: 'Fatal' };

/**
 * The log as plain lines for a terminal: only warnings and errors reach it (the logger's level), each as
 * 'Warning: what happened (why)'; the address and the first steps are printed by the start itself.
 */
export function terminalLogStream(
  write: (line: string) => void = (line) => process.stderr.write(line),
): DestinationStream {
  return {
    write(json: string) {
      try {
        const entry = JSON.parse(json) as { level?: number; msg?: string; err?: { message?: string } };
        const word = LEVEL_WORDS[entry.level ?? 0] ?? 'Note';
        const why = entry.err?.message ? ` (${entry.err.message})` : '';
        write(`${word}: ${entry.msg ?? ''}${why}\n`);
      } catch {
        write(json);
      }
    },
  };
}

/** The lines `npm start` prints in a terminal once the site listens: the address first. */
export function startLines(siteUrl: string, firstOwnerLink: string | null): string[] {
  const lines = [`The site is running at ${siteUrl}`, `Admin: ${new URL('/login', siteUrl).toString()}`];
  if (firstOwnerLink) {
    lines.push(
      '',
      'Nobody can sign in yet. Open this one-time link to create the first owner (valid 24 hours, once):',
      `  ${new URL(firstOwnerLink, siteUrl).toString()}`,
      'Or create the owner from the command line: npm run admin -- create you@example.com',
      'Or start with ADMIN_EMAIL and ADMIN_PASSWORD set.',
    );
  }
  lines.push('', 'Stop with Ctrl+C.');
  return lines;
}
