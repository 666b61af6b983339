import { type NebGrade, gradeAtLeast } from './neb-grades.ts';

/**
 * Whether SEE results meet a programme's minimum, and the warning the application form shows: shared by the
 * server and the form's enhancement (so it imports no schema library and no catalogue: the words are passed in).
 */

/** The words the warning is made of (the catalogue's `apply` section has them). */
export interface EligibilityWords {
  eligibility: {
    asks: (name: string, gpa: string, grades: string) => string;
    gradeIn: (grade: string, subjects: string) => string;
    and: string;
    notMet: string;
    met: string;
    other: (name: string, gpa: string) => string;
  };
  subjects: Record<string, string>;
}

/** What a programme asks for, as eligibility reads it. */
export interface EligibilityProgramme {
  nameEn: string;
  nameNe: string;
  minGpa: number;
  minGrades: { subject: string; grade: NebGrade }[];
}

/**
 * Whether SEE results meet a programme's minimum: the GPA (in hundredths) and each subject's grade. A grade
 * not given counts as not meeting it. The office decides; this only warns.
 */
export function eligibilityOf(
  programme: Pick<EligibilityProgramme, 'minGpa' | 'minGrades'>,
  gpaHundredthsValue: number,
  grades: Partial<Record<string, NebGrade>>,
): boolean {
  if (gpaHundredthsValue < Math.round(programme.minGpa * 100)) return false;
  return programme.minGrades.every(({ subject, grade }) => {
    const got = grades[subject];
    return got !== undefined && gradeAtLeast(got, grade);
  });
}

const gpaText = (gpa: number) => gpa.toFixed(1);

/**
 * The warning the form shows under the programme: 'Science asks for GPA 2.0 and C+ in Science and
 * Mathematics: your grades do not meet it. Management asks for 1.6.' (the other programmes after the chosen
 * one); '' when no programme is chosen.
 */
export function eligibilitySentence(
  chosen: EligibilityProgramme,
  others: readonly EligibilityProgramme[],
  gpa: number,
  grades: Partial<Record<string, NebGrade>>,
  lang: 'en' | 'ne',
  t: EligibilityWords,
): string {
  const name = (p: EligibilityProgramme) => (lang === 'ne' && p.nameNe ? p.nameNe : p.nameEn);
  const byGrade = new Map<NebGrade, string[]>();
  for (const { subject, grade } of chosen.minGrades) {
    byGrade.set(grade, [...(byGrade.get(grade) ?? []), t.subjects[subject] ?? subject]);
  }
  const gradeText = [...byGrade]
    .map(([grade, subjects]) => t.eligibility.gradeIn(grade, subjects.join(t.eligibility.and)))
    .join(', ');
  const met = eligibilityOf(chosen, gpa, grades);
  const head = t.eligibility.asks(name(chosen), gpaText(chosen.minGpa), gradeText);
  const tail = others.map((p) => t.eligibility.other(name(p), gpaText(p.minGpa))).join(' ');
  return `${head}${met ? t.eligibility.met : t.eligibility.notMet}${tail ? ` ${tail}` : ''}`;
}
