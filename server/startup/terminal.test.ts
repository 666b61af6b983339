import { describe, expect, it } from 'vitest';
import { startLines, terminalLogStream } from './terminal.ts';

describe('npm start in a terminal', () => {
  it('prints the address first, then the first-owner link and the other ways, as plain lines', () => {
    const lines = startLines('http://localhost:3000', '/welcome/abc');
    expect(lines[0]).toBe('The site is running at http://localhost:3000');
    expect(lines).toContain('  http://localhost:3000/welcome/abc');
    expect(lines.join('\n')).toContain('npm run admin -- create');
    expect(lines.join('\n')).toContain('ADMIN_EMAIL');
    expect(lines.join('\n')).not.toMatch(/[{}]/u);
  });

  it('says nothing of a link once an account exists', () => {
    expect(startLines('http://localhost:3000', null).join('\n')).not.toContain('/welcome/');
  });

  it('turns JSON log entries into plain lines', () => {
    const out: string[] = [];
    const stream = terminalLogStream((line) => out.push(line));
    stream.write(`${JSON.stringify({ level: 50, msg: 'request failed', err: { message: 'disk full' } })}\n`);
    stream.write(`${JSON.stringify({ level: 40, msg: 'slow database' })}\n`);
    expect(out).toEqual(['Error: request failed (disk full)\n', 'Warning: slow database\n']);
  });
});
