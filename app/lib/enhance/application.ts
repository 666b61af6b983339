/**
 * The application form's enhancement, loaded by the site script only on the application pages (after the
 * first paint): the eligibility warning as grades are chosen, the A.D. date of the B.S. date of birth, the
 * Preeti → Unicode button for the Devanagari name, and the confirmation's Print button. The server checks and
 * answers everything without it. Its words come from the page (data attributes) and the small eligibility
 * catalogue.
 */
import type { NebGrade } from '#common/neb-grades.ts';
import { bsToAdDate, bsDateProblem } from '#common/bs-date.ts';
import { type EligibilityProgramme, eligibilityOf, eligibilitySentence } from '#common/eligibility.ts';
import { eligibilityWords } from '#common/i18n/eligibility-words.ts';
import { preetiToUnicode } from '#common/i18n/preeti.ts';

const GPA = /^[0-4](?:\.\d{1,2})?$/u;
const value = (form: HTMLFormElement, name: string) =>
  (form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '';

function warnAboutEligibility(form: HTMLFormElement, lang: 'en' | 'ne'): void {
  const out = form.querySelector<HTMLElement>('[data-eligibility]');
  const data = form.querySelector<HTMLScriptElement>('[data-eligibility-programmes]');
  if (!out || !data) return;
  const programmes = JSON.parse(data.textContent ?? '[]') as (EligibilityProgramme & { id: string })[];
  const words = eligibilityWords[lang];
  const update = () => {
    const chosen = programmes.find((p) => p.id === value(form, 'first_choice'));
    const gpaText = value(form, 'gpa').trim();
    if (!chosen || !GPA.test(gpaText)) return;
    const gpa = Math.round(Number(gpaText) * 100);
    const grades: Record<string, NebGrade> = {};
    for (const subject of Object.keys(words.subjects)) {
      const grade = value(form, `grade_${subject.toLowerCase().replace(/\s+/gu, '_')}`);
      if (grade) grades[subject] = grade as NebGrade;
    }
    const others = programmes.filter((p) => p.id !== chosen.id);
    out.textContent = eligibilityOf(chosen, gpa, grades)
      ? ''
      : `${eligibilitySentence(chosen, others, gpa, grades, lang, words)} ${words.eligibility.warnOnly}`;
  };
  form.addEventListener('change', update);
  form.addEventListener('input', update);
}

function showAdDates(form: HTMLFormElement): void {
  for (const group of form.querySelectorAll<HTMLElement>('[data-bs-date]')) {
    const prefix = group.dataset.bsDate ?? '';
    const out = group.querySelector<HTMLElement>('[data-ad-date]');
    if (!out) continue;
    const update = () => {
      const bs = {
        year: Number(value(form, `${prefix}_year`)),
        month: Number(value(form, `${prefix}_month`)),
        day: Number(value(form, `${prefix}_day`)),
      };
      out.textContent = bsDateProblem(bs) ? '' : (out.dataset.adText ?? '{date}').replace('{date}', bsToAdDate(bs));
    };
    group.addEventListener('change', update);
    update();
  }
}

function addPreetiButtons(form: HTMLFormElement): void {
  for (const slot of form.querySelectorAll<HTMLElement>('[data-preeti-for]')) {
    const input = document.getElementById(slot.dataset.preetiFor ?? '') as HTMLInputElement | null;
    if (!input) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'btn btn--small';
    button.textContent = slot.dataset.preetiLabel ?? 'Preeti';
    button.addEventListener('click', () => {
      input.value = preetiToUnicode(input.value);
      input.focus();
    });
    slot.append(button);
  }
}

export function enhanceApplication(): void {
  const lang = document.documentElement.lang === 'ne' ? 'ne' : 'en';
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-application-form], form.apply-lookup')) {
    if (form.matches('[data-application-form]')) {
      warnAboutEligibility(form, lang);
      addPreetiButtons(form);
    }
    showAdDates(form);
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-print]')) {
    button.hidden = false;
    button.addEventListener('click', () => window.print());
  }
}
