import { PUBLIC_ADMISSION_STATUSES } from '../admission/admission-phase.ts';
import { describe, expect, it } from 'vitest';
import { ADMISSION_STATUSES, admissionButtonLabel } from '#common/admission/admission.ts';
import {
  INQUIRY_FORM_EXPIRED,
  INQUIRY_FORM_INVALID,
  INQUIRY_FORM_USED,
  INQUIRY_RECEIVED_MESSAGE,
  INQUIRY_TOO_FAST,
  INQUIRY_TOO_MANY,
  InquiryInputSchema,
} from '#common/inquiry.ts';
import { type Catalogue, interfaceText } from './catalogue.ts';
import { en } from './en.ts';
import { ne } from './ne.ts';

type Leaf = string | ((...args: never[]) => string);

/** Every text of a catalogue by its dotted key. */
function leaves(node: object, prefix = ''): Map<string, Leaf> {
  const found = new Map<string, Leaf>();
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of leaves(value as object, path)) found.set(k, v);
    } else {
      found.set(path, value as Leaf);
    }
  }
  return found;
}

/** A text, with sample values for the ones that take values (names, years and counts). */
function sample(leaf: Leaf): string {
  if (typeof leaf === 'string') return leaf;
  return (leaf as (...args: (string | number)[]) => string)('कलेज', 3, 12);
}

const DEVANAGARI = /[\u0900-\u097F]/u;

describe('interface catalogues', () => {
  it('has a Nepali text for every English key, and no other key', () => {
    const english = leaves(en);
    const nepali = leaves(ne);
    expect([...nepali.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(typeof nepali.get(key), key).toBe(typeof text);
      if (typeof text === 'function') expect((nepali.get(key) as () => string).length, key).toBe(text.length);
    }
  });

  it('writes every Nepali text in Devanagari', () => {
    for (const [key, leaf] of leaves(ne)) {
      const text = sample(leaf);
      // The language switch on a Nepali page names the other language in its own script.
      if (key === 'nav.otherLanguage') {
        expect(text).toBe('English');
        continue;
      }
      expect(text.trim(), key).not.toBe('');
      expect(text, key).toMatch(DEVANAGARI);
    }
  });

  it('writes the numbers in Nepali texts in Devanagari digits', () => {
    expect(ne.banner.slideOf(2, 6)).toBe('६ मध्ये २');
    expect(ne.pager.pageOf(3, 12)).toBe('पृष्ठ १२ मध्ये ३');
    expect(ne.hero.lead('2058')).toMatch(/^२०५८ देखि /u);
    expect(ne.footer.established('2058')).toBe('स्थापना २०५८');
    expect(ne.formMessages.tooLong('विषय', 120)).toBe('विषय बढीमा १२० अक्षरको हुनुपर्छ।');
    for (const text of [ne.home.featuredPhotoAlt('कलेज', 1, 3), ne.gallery.photoAlt('कलेज', 4, 10)]) {
      expect(text).not.toMatch(/[0-9]/u);
    }
  });

  it('picks the catalogue of a page language', () => {
    expect(interfaceText('en')).toBe(en);
    expect(interfaceText('ne')).toBe(ne);
  });

  it('does not accept a catalogue with a text missing (checked by the typecheck too)', () => {
    const { footer: _footer, ...withoutFooter } = ne;
    // @ts-expect-error a catalogue without its footer texts is not a Catalogue
    const incomplete: Catalogue = withoutFooter;
    expect(leaves(incomplete).size).toBeLessThan(leaves(en).size);
  });

  it('gives the admissions headings and buttons in Nepali', () => {
    expect(ne.admissions.status['ADMISSION ENQUIRY']).toBe('भर्ना सोधपुछ');
    expect(ne.admissions.status['ADMISSION OPEN']).toBe('भर्ना खुला');
    expect(ne.admissions.applyNow).toBe('अहिले आवेदन दिनुहोस्');
    expect(ne.admissions.enquiryNow).toBe('सोधपुछ गर्नुहोस्');
  });
});

describe('the English catalogue is the wording of the English pages', () => {
  it('has the admission statuses and button labels', () => {
    expect(Object.keys(en.admissions.status)).toEqual([...PUBLIC_ADMISSION_STATUSES]);
    for (const status of PUBLIC_ADMISSION_STATUSES) expect(en.admissions.status[status]).toBe(status);
    expect(PUBLIC_ADMISSION_STATUSES).toEqual(expect.arrayContaining([...ADMISSION_STATUSES]));
    expect(en.admissions.applyNow).toBe(admissionButtonLabel('ADMISSION OPEN'));
    expect(en.admissions.enquiryNow).toBe(admissionButtonLabel('ADMISSION ENQUIRY'));
  });

  it("has the contact form's answers and refusals", () => {
    expect(en.form.received).toBe(INQUIRY_RECEIVED_MESSAGE);
    expect(en.formMessages.tooFast).toBe(INQUIRY_TOO_FAST.message);
    expect(en.formMessages.formExpired).toBe(INQUIRY_FORM_EXPIRED.message);
    expect(en.formMessages.formInvalid).toBe(INQUIRY_FORM_INVALID.message);
    expect(en.formMessages.formUsed).toBe(INQUIRY_FORM_USED.message);
    expect(en.formMessages.tooMany).toBe(INQUIRY_TOO_MANY.message);
  });

  it("has the contact form's field messages as the shared schema words them", () => {
    // The first message for each field, as the form shows it.
    const messages = (input: object) => {
      const first: Record<string, string> = {};
      for (const issue of InquiryInputSchema.safeParse(input).error?.issues ?? []) {
        first[String(issue.path[0])] ??= issue.message;
      }
      return first;
    };
    const names = en.formMessages.fieldNames;
    const empty = messages({ first_name: '', last_name: '', phone: '', email: '', subject: '', message: '' });
    for (const field of ['first_name', 'last_name', 'subject', 'message'] as const) {
      expect(empty[field], field).toBe(en.formMessages.required(names[field]));
    }
    // Either a mobile number or an e-mail address is enough; neither is marked on the phone.
    expect(empty.phone).toBe(en.formMessages.phoneOrEmail);
    expect(empty.email).toBeUndefined();
    const filled = {
      first_name: 'A',
      last_name: 'B',
      phone: '9800000000',
      email: 'a@b.np',
      subject: 'S',
      message: 'M',
    };
    expect(messages({ ...filled, phone: 'call me' }).phone).toBe(en.formMessages.invalidPhone);
    expect(messages({ ...filled, email: 'not-an-address' }).email).toBe(en.formMessages.invalidEmail);
    expect(messages({ ...filled, subject: 'x'.repeat(121) }).subject).toBe(en.formMessages.tooLong(names.subject, 120));
    expect(messages({ ...filled, first_name: 7 }).first_name).toBe(en.formMessages.notText(names.first_name));
    expect(messages({ ...filled, message: 'a\u0000b' }).message).toBe(
      en.formMessages.notAllowedCharacter(names.message),
    );
  });
});
