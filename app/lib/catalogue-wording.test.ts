import { describe, expect, it } from 'vitest';
import { en } from '#common/i18n/en.ts';
import { INQUIRY_CORRECT_FIELDS_MESSAGE } from './inquiry.ts';
import { mainNavItems, mobileNavItems } from './nav-items.ts';

// The English interface catalogue must keep the wording the English pages show today.
describe('the English catalogue and the app', () => {
  it('has every label of the navigation bar and the phone menu', () => {
    const labels = new Set<string>(Object.values(en.nav));
    const prospectus = '/downloads/prospectus.pdf';
    for (const item of [...mainNavItems(prospectus), ...mobileNavItems(prospectus)])
      expect(labels, item.label).toContain(item.label);
  });

  it("has the contact form's message for refused fields", () => {
    expect(en.form.correctFields).toBe(INQUIRY_CORRECT_FIELDS_MESSAGE);
  });
});
