import { describe, expect, it } from 'vitest';
import { signInMessage, waitWords } from './sign-in-message.ts';

describe('signInMessage', () => {
  it('drops the auth/ prefix and adds a plain sentence', () => {
    expect(signInMessage('auth/invalid-credential')).toBe('invalid-credential: the e-mail or password is wrong.');
    expect(signInMessage('auth/missing-password')).toBe('missing-password: enter your password.');
  });

  it('says how long a throttled sign-in must wait, rounded up to whole minutes', () => {
    expect(signInMessage('auth/too-many-requests', 14 * 60 - 5)).toBe(
      'too-many-requests: too many tries; wait 14 minutes.',
    );
    expect(signInMessage('auth/too-many-requests', 61)).toBe('too-many-requests: too many tries; wait 2 minutes.');
    expect(signInMessage('auth/too-many-requests', 60)).toBe('too-many-requests: too many tries; wait 1 minute.');
    expect(signInMessage('auth/too-many-requests', 12)).toBe('too-many-requests: too many tries; wait 12 seconds.');
    expect(signInMessage('auth/too-many-requests')).toBe('too-many-requests: too many tries; wait a few minutes.');
  });

  it('shows an unknown code as it is', () => {
    expect(signInMessage('http-502')).toBe('http-502');
  });

  it('words a single second and minute without a plural', () => {
    expect(waitWords(0.2)).toBe('1 second');
    expect(waitWords(3600)).toBe('60 minutes');
  });
});
