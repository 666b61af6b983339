import { describe, expect, it } from 'vitest';
import { redactText, redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('replaces the token of a one-time link, in the page and in the API', () => {
    expect(redactUrl('/welcome/Ab3_x-9')).toBe('/welcome/<redacted>');
    expect(redactUrl('/api/welcome/Ab3_x-9')).toBe('/api/welcome/<redacted>');
    expect(redactUrl('/welcome/Ab3_x-9.data')).toBe('/welcome/<redacted>');
  });

  it('replaces the token however the segment before it is spelled or encoded', () => {
    expect(redactUrl('/w%65lcome/Ab3_x-9')).toBe('/w%65lcome/<redacted>');
    expect(redactUrl('/Welcome/Ab3_x-9/more')).toBe('/Welcome/<redacted>/more');
  });

  it('replaces the whole query string, names included', () => {
    expect(redactUrl('/api/admission/status?dob=2008-05-17&name=Sita')).toBe('/api/admission/status?<redacted>');
    expect(redactUrl('/status?2008-05-17')).toBe('/status?<redacted>');
    expect(redactUrl('/welcome/Ab3_x-9?next=/admin')).toBe('/welcome/<redacted>?<redacted>');
  });

  it('leaves other addresses unchanged', () => {
    for (const url of [
      '/',
      '/notices/12/exam-routine',
      '/ne/gallery',
      '/api/admin/staff/7/reset',
      '/welcome',
      '/welcome/',
    ])
      expect(redactUrl(url)).toBe(url);
  });
});

describe('redactText', () => {
  it('redacts addresses inside messages and stack traces, and nothing else', () => {
    expect(redactText('Route GET:/api/welcome/Ab3_x-9 not found')).toBe('Route GET:/api/welcome/<redacted> not found');
    expect(redactText('in "/status?dob=2008-05-17" (GET)?')).toBe('in "/status?<redacted>" (GET)?');
    const stack = 'Error: boom\n    at handler (/work/main/server/modules/staff/welcome.routes.ts:40:7)';
    expect(redactText(stack)).toBe(stack);
    expect(redactText('listening at http://localhost:3000/')).toBe('listening at http://localhost:3000/');
  });
});
