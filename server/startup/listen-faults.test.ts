import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { explainListenFault } from './listen-faults.ts';

/** The error Node gives when listening on `port` of 127.0.0.1 fails. */
function listenError(port: number): Promise<unknown> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', resolve);
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(undefined)));
  });
}

describe('a start that cannot listen', () => {
  it('says in plain words that the port is in use, and how to choose another', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const err = await listenError(port);
      expect(err).toMatchObject({ code: 'EADDRINUSE' });
      const words = explainListenFault(err, '127.0.0.1', port);
      expect(words).toBe(
        `Cannot start: port ${port} is already in use on 127.0.0.1 (another program, or this site’s server already ` +
          `running). Stop that program, or start on another port, e.g. PORT=3001 npm start.`,
      );
    } finally {
      holder.close();
    }
  });

  it('suggests another port than the one in use', () => {
    expect(explainListenFault({ code: 'EADDRINUSE' }, '0.0.0.0', 3001)).toContain('PORT=3002 npm start');
  });

  it('explains a port that needs rights and an address that is not this machine’s', () => {
    expect(explainListenFault({ code: 'EACCES' }, '0.0.0.0', 80)).toMatch(/^Cannot start: this user may not listen/u);
    expect(explainListenFault({ code: 'EADDRNOTAVAIL' }, '10.9.9.9', 3000)).toMatch(
      /^Cannot start: 10\.9\.9\.9 is not an address of this machine/u,
    );
  });

  it('leaves any other fault to its stack trace', () => {
    expect(explainListenFault(new Error('a bug'), '0.0.0.0', 3000)).toBeUndefined();
  });
});
