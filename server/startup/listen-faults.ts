/**
 * Why the server could not listen on HOST:PORT, as one plain paragraph for the person who started it, or
 * undefined for a fault that is not about the address (a bug, whose stack is the report).
 */
export function explainListenFault(err: unknown, host: string, port: number): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  const where = `${host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return (
        `Cannot start: port ${port} is already in use on ${host} (another program, or this site’s server already ` +
        `running). Stop that program, or start on another port, e.g. PORT=${port === 3001 ? 3002 : 3001} npm start.`
      );
    case 'EACCES':
      return (
        `Cannot start: this user may not listen on ${where}. Ports below 1024 need extra rights; use a port ` +
        'such as 3000 behind a reverse proxy (see docs/operations.md).'
      );
    case 'EADDRNOTAVAIL':
      return (
        `Cannot start: ${host} is not an address of this machine. Set HOST to one of its addresses, ` +
        '0.0.0.0 for all of them, or 127.0.0.1 for this machine only.'
      );
    default:
      return undefined;
  }
}
