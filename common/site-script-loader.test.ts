import { describe, expect, it } from 'vitest';
import { SITE_SCRIPT_LOADER } from './site-script-loader.ts';

describe('the site script loader', () => {
  it('is a classic script that parses, and loads only the address its tag names', () => {
    expect(() => new Function(SITE_SCRIPT_LOADER)).not.toThrow();
    expect(SITE_SCRIPT_LOADER).toContain('import(s.dataset.src)');
    expect(SITE_SCRIPT_LOADER).not.toMatch(/https?:|<\/script/iu);
  });
});
