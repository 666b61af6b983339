import type { ApplicationValues } from './application-form.ts';

/**
 * A filled-in application form as the browser posts it (every field text), with overrides: each test states
 * only the fields it is about. The programme ids are the season's.
 */
export function buildApplicationValues(
  firstChoice: string,
  overrides: Partial<ApplicationValues> = {},
): ApplicationValues {
  return {
    name_en: 'SITA KUMARI SHARMA',
    name_ne: 'सीता कुमारी शर्मा',
    birth_year: '2068',
    birth_month: '5',
    birth_day: '12',
    gender: 'female',
    citizenship: '',
    father_name: 'Ram Prasad Sharma',
    mother_name: 'Gita Sharma',
    guardian_name: 'Ram Prasad Sharma',
    guardian_relation: 'Father',
    guardian_mobile: '9845012345',
    email: '',
    province: '3',
    district: 'Chitwan',
    municipality: 'Bharatpur Metropolitan City',
    ward: '10',
    see_year: '2083',
    symbol_number: '02012345 K',
    school: 'Shree Janata Secondary School',
    school_district: 'Chitwan',
    gpa: '3.25',
    grade_english: 'A',
    grade_nepali: 'B+',
    grade_mathematics: 'A',
    grade_science: 'A+',
    grade_social_studies: 'B',
    first_choice: firstChoice,
    second_choice: '',
    category: '',
    heard_from: 'friends',
    payment_method: 'counter',
    voucher_number: '',
    consent: 'yes',
    ...overrides,
  };
}
