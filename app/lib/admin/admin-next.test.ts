import { describe, expect, it } from 'vitest';
import { loginPath, safeNextPath } from './admin-next.ts';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeNextPath('/admin/addnewnotice')).toBe('/admin/addnewnotice');
    expect(safeNextPath('/admin/gallery?confirm=abc')).toBe('/admin/gallery?confirm=abc');
  });

  it.each([
    ['another site', 'https://evil.example/admin'],
    ['a protocol-relative address', '//evil.example/admin'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', 'admin'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['nothing', ''],
  ])('refuses %s', (_what, next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(safeNextPath(null)).toBeNull();
  });
});

describe('loginPath', () => {
  it('comes back to the page it was asked from', () => {
    expect(loginPath('/admin/addnewnotice')).toBe('/login?next=%2Fadmin%2Faddnewnotice');
  });

  it('goes to the plain login page when the page is not one of this site', () => {
    expect(loginPath('//evil.example')).toBe('/login');
  });
});
