import { z } from 'zod';
import { formatBs } from '../dates/bs-date.ts';
import { BsDateStringSchema, parseBsDateString } from '../dates/bs-date-string.ts';
import { latinDigits } from '../digits.ts';

/**
 * The entrance examination of a season as the office enters it: its sessions (typed as a B.S. date and a
 * Nepal time), and the marks of its candidates (a grid or a CSV file). The server checks all of it again.
 */

/** The marks a candidate can reach; there is no setting for it yet, so every session is out of 100. */
export const FULL_MARKS = 100;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/u;

export const EntranceSessionSchema = z.object({
  /** The day in B.S., 'YYYY-MM-DD'. */
  date: BsDateStringSchema,
  /** The start in Nepal time, 'HH:MM' (24 hours). */
  time: z.string().trim().regex(TIME, 'Enter the start time as HH:MM, for example 10:30.'),
  minutes: z.coerce
    .number({ error: 'Enter the length in minutes.' })
    .int('Enter the length in whole minutes.')
    .min(10, 'A session lasts at least 10 minutes.')
    .max(600, 'A session lasts at most 600 minutes.'),
  placeEn: z.string().trim().min(1, 'Enter the place or room.').max(200, 'The place is at most 200 characters.'),
  placeNe: z.string().trim().max(200, 'The place in Nepali is at most 200 characters.').default(''),
  capacity: z.coerce
    .number({ error: 'Enter how many candidates the room holds.' })
    .int('Enter a whole number of seats.')
    .min(1, 'A session seats at least 1 candidate.')
    .max(5000, 'A session seats at most 5,000 candidates.'),
  bringEn: z.string().trim().max(2000, 'What to bring is at most 2,000 characters.').default(''),
  bringNe: z.string().trim().max(2000, 'What to bring in Nepali is at most 2,000 characters.').default(''),
  programmes: z
    .array(z.string().trim().min(1).max(36))
    .min(1, 'Choose the programmes whose candidates sit this session.')
    .max(50),
});
export type EntranceSessionInput = z.input<typeof EntranceSessionSchema>;

/** One row of marks as typed: the roll number, the marks ('' for none yet) and whether the candidate was absent. */
export interface MarksEntry {
  rollNumber: number;
  marks: string;
  absent: boolean;
}

export const MarksGridSchema = z.object({
  rows: z
    .array(
      z.object({
        rollNumber: z.coerce.number().int().min(1),
        marks: z.string().trim().max(20).default(''),
        absent: z.boolean().default(false),
      }),
    )
    .max(20_000),
  /** Marks saved before the season's entrance date are refused (409, with the question) unless confirmed. */
  confirmBeforeEntrance: z.boolean().default(false),
});

/** A row's marks once checked: hundredths (4550 is 45.5), or absent, or nothing entered. */
export interface CheckedMarks {
  rollNumber: number;
  marksHundredths: number | null;
  absent: boolean;
}

export interface MarksProblem {
  /** The line of the file (1 is the first), or the roll number's row in the grid. */
  line: number;
  rollNumber: string;
  message: string;
}

const ABSENT = new Set(['absent', 'ab', 'a']);
const MARKS = /^\d{1,3}(\.\d{1,2})?$/u;

/**
 * Checks rows of marks against the season's roll numbers: an unknown roll number, marks that are not a
 * number or are outside 0–full marks, a roll number twice. Each problem names its line; the rows are
 * usable only when there is none.
 */
export function checkMarks(
  rows: { line: number; rollNumber: string; marks: string; absent?: boolean }[],
  knownRolls: ReadonlySet<number>,
  fullMarks = FULL_MARKS,
): { rows: CheckedMarks[]; problems: MarksProblem[] } {
  const problems: MarksProblem[] = [];
  const checked: CheckedMarks[] = [];
  const seen = new Map<number, number>();
  for (const row of rows) {
    const problem = (message: string) => problems.push({ line: row.line, rollNumber: row.rollNumber, message });
    // Devanagari digits (७८.५) are the same numbers as Latin ones.
    const rollText = latinDigits(row.rollNumber).trim();
    if (!/^\d{1,9}$/u.test(rollText)) {
      problem(`'${rollText}' is not a roll number.`);
      continue;
    }
    const roll = Number(rollText);
    if (!knownRolls.has(roll)) {
      problem(`Roll number ${roll} is not a candidate of this season.`);
      continue;
    }
    const before = seen.get(roll);
    if (before !== undefined) {
      problem(`Roll number ${roll} is given twice (also on line ${before}).`);
      continue;
    }
    seen.set(roll, row.line);
    const marksText = latinDigits(row.marks).trim();
    if (row.absent || ABSENT.has(marksText.toLowerCase())) {
      if (row.absent && marksText && !ABSENT.has(marksText.toLowerCase())) {
        problem(`Roll number ${roll} is marked absent and has marks: keep one.`);
        continue;
      }
      checked.push({ rollNumber: roll, marksHundredths: null, absent: true });
      continue;
    }
    if (marksText === '') {
      checked.push({ rollNumber: roll, marksHundredths: null, absent: false });
      continue;
    }
    if (!MARKS.test(marksText)) {
      problem(`'${marksText}' for roll number ${roll} is not a number of marks (write 45 or 45.5, or AB for absent).`);
      continue;
    }
    const hundredths = Math.round(Number(marksText) * 100);
    if (hundredths > fullMarks * 100) {
      problem(`${marksText} for roll number ${roll} is outside 0–${fullMarks}.`);
      continue;
    }
    checked.push({ rollNumber: roll, marksHundredths: hundredths, absent: false });
  }
  return { rows: checked, problems };
}

/** Splits one CSV line into cells (quoted cells may hold commas and doubled quotes). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((v) => v.trim());
}

/** A header cell naming the roll number's column, or the marks'. */
const ROLL_HEADER = /\broll\b|रोल/iu;
const MARKS_HEADER = /\b(?:marks?|score|obtained)\b|अङ्क|अंक/iu;

export interface MarksFile {
  rows: { line: number; rollNumber: string; marks: string }[];
  /** Why the file's columns could not be told apart (its first line names them, but not both); null when they could. */
  problem: string | null;
}

export const MARKS_COLUMNS_UNKNOWN =
  "The first line names the columns, but not one 'Roll number' and one 'Marks' column: name them so (in any order), or leave the line out and give roll number, then marks.";

/** The largest marks CSV file taken, and the words for one over it. */
export const MARKS_CSV_LIMIT = { maxBytes: 2_000_000, refusal: 'The file is at most 2 MB.' } as const;

/**
 * The rows of a marks file. A first line whose first cell is not a number is its header: the columns are
 * then found by their names, in any order ('Roll number', 'Marks'; other columns, such as a name, are left
 * out), so a file with its columns swapped is read as it says, never silently the other way round. A file
 * without a header gives roll number, then marks, per line. Marks are a number or 'absent'/'AB'; blank lines
 * are skipped; a byte-order mark is dropped.
 */
export function readMarksCsv(text: string): MarksFile {
  const lines = text.replace(/^\uFEFF/u, '').split(/\r\n|\r|\n/u);
  const rows: MarksFile['rows'] = [];
  let rollAt = 0;
  let marksAt = 1;
  for (const [i, raw] of lines.entries()) {
    if (!raw.trim()) continue;
    // A first cell in Devanagari digits is a roll number too, not a header.
    const cells = cellsOf(latinDigits(raw));
    if (i === 0 && !/^\d/u.test(cells[0] ?? '')) {
      const rolls = cells.flatMap((cell, at) => (ROLL_HEADER.test(cell) ? [at] : []));
      const marks = cells.flatMap((cell, at) => (MARKS_HEADER.test(cell) && !ROLL_HEADER.test(cell) ? [at] : []));
      if (rolls.length !== 1 || marks.length !== 1) return { rows: [], problem: MARKS_COLUMNS_UNKNOWN };
      [rollAt, marksAt] = [rolls[0]!, marks[0]!];
      continue;
    }
    rows.push({ line: i + 1, rollNumber: cells[rollAt] ?? '', marks: cells[marksAt] ?? '' });
  }
  return { rows, problem: null };
}

/** Hundredths as the office reads them: 4550 → '45.5', 4500 → '45'. */
export const marksText = (hundredths: number | null): string =>
  hundredths === null ? '' : String(Number((hundredths / 100).toFixed(2)));

export const ENTRANCE_REFUSALS = {
  'no-room': 'No session serving this programme has a seat left: add a session or raise a capacity.',
  seated: 'Candidates are seated in this session: it cannot be deleted.',
  'below-seated': 'The capacity cannot go below the candidates already seated.',
} as const;

/**
 * Marks saved or results published before the season's entrance date are asked about first: the sentence of
 * that question ('The entrance examination is on 15 Shrawan 2084 B.S., and that day has not come: import the
 * marks anyway?'), or null when the day has come or no date is set. `today` is the B.S. day in Nepal.
 */
export function beforeEntranceQuestion(entranceOn: string, today: string, doing: string): string | null {
  const bs = parseBsDateString(entranceOn);
  if (!bs || today >= entranceOn) return null;
  return `The entrance examination is on ${formatBs(bs)}, and that day has not come: ${doing} anyway?`;
}
