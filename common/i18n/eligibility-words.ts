import type { EligibilityWords } from '../admission/eligibility.ts';

/**
 * The eligibility warning's words and the SEE subjects' names, in both languages: part of the catalogue's
 * `apply` section, and small enough for the application form's enhancement to carry.
 */
export const eligibilityWords: Record<'en' | 'ne', EligibilityWords & { eligibility: { warnOnly: string } }> = {
  en: {
    subjects: {
      English: 'English',
      Nepali: 'Nepali',
      Mathematics: 'Mathematics',
      Science: 'Science',
      'Social Studies': 'Social Studies',
    },
    eligibility: {
      asks: (name: string, gpa: string, grades: string) =>
        `${name} asks for GPA ${gpa}${grades ? ` and ${grades}` : ''}`,
      gradeIn: (grade: string, subjects: string) => `${grade} in ${subjects}`,
      and: ' and ',
      notMet: ': your grades do not meet it.',
      met: ': your grades meet it.',
      other: (name: string, gpa: string) => `${name} asks for ${gpa}.`,
      warnOnly: 'You may still apply: the office decides.',
    },
  },
  ne: {
    subjects: {
      English: 'अङ्ग्रेजी',
      Nepali: 'नेपाली',
      Mathematics: 'गणित',
      Science: 'विज्ञान',
      'Social Studies': 'सामाजिक अध्ययन',
    },
    eligibility: {
      asks: (name: string, gpa: string, grades: string) =>
        `${name} का लागि जीपीए ${gpa}${grades ? ` र ${grades}` : ''} चाहिन्छ`,
      gradeIn: (grade: string, subjects: string) => `${subjects} मा ${grade}`,
      and: ' र ',
      notMet: ': तपाईंको ग्रेडले पुग्दैन।',
      met: ': तपाईंको ग्रेड पुग्छ।',
      other: (name: string, gpa: string) => `${name} का लागि ${gpa} चाहिन्छ।`,
      warnOnly: 'तपाईं आवेदन दिन सक्नुहुन्छ: निर्णय कलेजले गर्छ।',
    },
  },
};
