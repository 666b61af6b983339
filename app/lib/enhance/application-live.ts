/**
 * What the application form shows as it is filled in: the eligibility warning for the first choice, the A.D.
 * date of each B.S. date and the refusal of a file the server would refuse. Words come from the small
 * eligibility catalogue and the page's data attributes.
 */
import type { NebGrade } from '#common/admission/neb-grades.ts';
import { bsDateProblem, bsToAdDate } from '#common/dates/bs-date.ts';
import { type EligibilityProgramme, eligibilityOf, eligibilitySentence } from '#common/admission/eligibility.ts';
import { eligibilityWords } from '#common/i18n/eligibility-words.ts';
import { checkDocumentsAsChosen } from './document-checks.ts';

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
  update();
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

export function liven(form: HTMLFormElement, lang: 'en' | 'ne'): void {
  if (form.matches('[data-application-form]')) {
    warnAboutEligibility(form, lang);
    checkDocumentsAsChosen(form);
  }
  // The status page's correction and the offer's voucher: each file checked as it is chosen.
  if (form.matches('[data-correction-form], [data-document-form]')) checkDocumentsAsChosen(form);
  showAdDates(form);
}
