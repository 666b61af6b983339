import type { ExportLayout } from '#common/admission/application-office.ts';
import { PAYMENT_LABELS, STATE_LABELS } from '#common/admission/application-office.ts';
import type { ApplicationState, PaymentState } from '#common/admission/application.ts';
import { adDateToBs } from '#common/dates/bs-date.ts';
import { bsDateString } from '#common/dates/bs-date-string.ts';
import { nepalToday } from '#common/dates/nepal-time.ts';
import type { ExportRow } from './application-office.repository.ts';

/** Excel reads a file that starts with a byte-order mark as UTF-8, so Devanagari names show as written. */
export const CSV_BOM = '\uFEFF';

/**
 * A cell that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage return, or
 * their full-width forms) gets a leading apostrophe, so an applicant's name can never run as one on the
 * office's computer; then RFC 4180 quoting (a cell with a quote, comma or line break is quoted, quotes doubled).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/u.test(text)) text = `'${text}`;
  return /[",\r\n]/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

const gpa = (row: ExportRow) => (Number(row.gpa_hundredths) / 100).toFixed(2);
const grades = (row: ExportRow): Record<string, string> => {
  try {
    return JSON.parse(row.grades) as Record<string, string>;
  } catch {
    return {};
  }
};
const submittedBs = (row: ExportRow) => bsDateString(adDateToBs(nepalToday(new Date(row.submitted_at))));
const SUBJECTS = ['English', 'Nepali', 'Mathematics', 'Science', 'Social Studies'] as const;

interface Column {
  title: string;
  value: (row: ExportRow) => string | number;
}

const OFFICE: Column[] = [
  { title: 'Reference', value: (r) => r.reference },
  { title: 'Name', value: (r) => r.name_en },
  { title: 'Name (Devanagari)', value: (r) => r.name_ne },
  { title: 'Date of birth (B.S.)', value: (r) => r.birth_date },
  { title: 'Gender', value: (r) => r.gender },
  { title: 'Guardian', value: (r) => r.guardian_name },
  { title: 'Relation', value: (r) => r.guardian_relation },
  { title: "Guardian's mobile", value: (r) => r.guardian_mobile },
  { title: 'E-mail', value: (r) => r.email },
  { title: 'District', value: (r) => r.district },
  { title: 'Municipality', value: (r) => r.municipality },
  { title: 'Ward', value: (r) => r.ward },
  { title: 'SEE year', value: (r) => r.see_year },
  { title: 'Symbol number', value: (r) => r.symbol_number },
  { title: 'School', value: (r) => r.school },
  { title: 'GPA', value: gpa },
  { title: 'First choice', value: (r) => r.first_name },
  { title: 'Second choice', value: (r) => r.second_name ?? '' },
  { title: 'Scholarship category', value: (r) => r.category_name ?? '' },
  { title: 'Eligible', value: (r) => (Number(r.eligible) ? 'yes' : 'no') },
  { title: 'Fee (Rs)', value: (r) => r.payment_amount },
  { title: 'Payment', value: (r) => PAYMENT_LABELS[r.payment_state as PaymentState] ?? r.payment_state },
  { title: 'Voucher', value: (r) => r.voucher_number },
  { title: 'State', value: (r) => STATE_LABELS[r.state as ApplicationState] ?? r.state },
  { title: 'Late', value: (r) => (Number(r.late) ? 'yes' : 'no') },
  { title: 'Submitted (B.S.)', value: submittedBs },
];

/** The column order of NEB's Grade 11 registration entry, so the office pastes rather than types. */
const NEB: Column[] = [
  { title: 'Name (English)', value: (r) => r.name_en },
  { title: 'Name (Devanagari)', value: (r) => r.name_ne },
  { title: 'Date of birth (B.S.)', value: (r) => r.birth_date },
  { title: 'Gender', value: (r) => r.gender },
  { title: "Father's name", value: (r) => r.father_name },
  { title: "Mother's name", value: (r) => r.mother_name },
  { title: 'SEE symbol number', value: (r) => r.symbol_number },
  { title: 'SEE year', value: (r) => r.see_year },
  { title: 'School', value: (r) => r.school },
  { title: 'GPA', value: gpa },
  { title: 'District', value: (r) => r.district },
  { title: 'Province', value: (r) => r.province },
  { title: 'Municipality', value: (r) => r.municipality },
  { title: 'Ward', value: (r) => r.ward },
  { title: 'Citizenship', value: (r) => r.citizenship },
  { title: "Guardian's mobile", value: (r) => r.guardian_mobile },
  { title: 'Stream', value: (r) => r.first_name },
  ...SUBJECTS.map((subject) => ({ title: subject, value: (r: ExportRow) => grades(r)[subject] ?? '' })),
  { title: 'Reference', value: (r) => r.reference },
];

export const LAYOUTS: Record<ExportLayout, Column[]> = { office: OFFICE, neb: NEB };

export const csvHeader = (layout: ExportLayout): string => csvLine(LAYOUTS[layout].map((c) => c.title));
export const csvRow = (layout: ExportLayout, row: ExportRow): string =>
  csvLine(LAYOUTS[layout].map((c) => c.value(row)));
