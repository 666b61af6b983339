import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, twoFactorKey } from './secret-box.ts';
import {
  groupedSecret,
  hashRecoveryCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  timeStep,
  totpCode,
  totpUri,
} from './totp.ts';

// RFC 6238's SHA-1 test secret ("12345678901234567890") in base32, and its published value at 59 s.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('the enrolment address (the QR code)', () => {
  it('names the college given as the issuer, in the label and the parameter, with the account', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'gita@college.test', 'Himalaya Model College'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Himalaya Model College:gita@college.test');
    expect(uri.searchParams.get('issuer')).toBe('Himalaya Model College');
  });

  it('keeps no colon of the name, which would end the issuer early in the label', () => {
    const uri = new URL(totpUri(RFC_SECRET, 'gita@college.test', 'College: Chitwan'));
    expect(uri.searchParams.get('issuer')).toBe('College Chitwan');
  });
});

describe('TOTP codes', () => {
  it('matches RFC 6238 (SHA-1, 6 digits: the last six of 94287082 at T = 59 s)', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(matchTotp(RFC_SECRET, '287082', 59_000, null)).toBe(1);
  });

  it('accepts one step of drift either way and no more', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = timeStep(now);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now - 60_000), now, null)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 60_000), now, null)).toBeNull();
  });

  it('refuses a code of a step already used, or older', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const code = totpCode(secret, now);
    expect(matchTotp(secret, code, now, timeStep(now))).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, timeStep(now) - 1)).toBeNull();
    expect(matchTotp(secret, code, now, timeStep(now) - 1)).toBe(timeStep(now));
  });

  it('refuses what is not six digits, and a wrong code', () => {
    const secret = newTotpSecret();
    const now = Date.now();
    const right = totpCode(secret, now);
    expect(matchTotp(secret, `${right}0`, now, null)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now, null)).toBeNull();
    expect(
      matchTotp(
        secret,
        right.replace(/^./u, (d) => String((Number(d) + 1) % 10)),
        now,
        null,
      ),
    ).toBeNull();
    expect(matchTotp(secret, `${right.slice(0, 3)} ${right.slice(3)}`, now, null)).toBe(timeStep(now));
  });

  it('shows the secret in groups of four', () => {
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});

describe('recovery codes', () => {
  it('makes ten different codes that normalise whatever their case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/u);
    const first = codes[0]!;
    expect(normaliseRecoveryCode(` ${first.toUpperCase().replaceAll('-', ' ')} `)).toBe(first.replaceAll('-', ''));
    expect(hashRecoveryCode(normaliseRecoveryCode(first)!)).toMatch(/^[0-9a-f]{64}$/u);
    expect(normaliseRecoveryCode('123456')).toBeNull();
  });
});

describe('secret box', () => {
  it('opens what it sealed for the same account only, and never stores the plain secret', () => {
    const key = twoFactorKey(randomBytes(32));
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(key, sealed, 'user-2')).toThrow();
    expect(() => openSecret(twoFactorKey(randomBytes(32)), sealed, 'user-1')).toThrow();
  });
});
