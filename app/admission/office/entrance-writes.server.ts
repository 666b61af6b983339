import { MARKS_CSV_LIMIT } from '#common/admission/entrance.ts';
import type { AdminWrite } from '#app/lib/admin/admin-action.server.ts';
import { formBsDate, formText } from '#app/lib/admin/admin-form.ts';

/**
 * The office's writes on the entrance examination (/admin/entrance and its sessions), each calling the
 * entrance service as its JSON API route does; the server checks everything.
 */

const sessionInput = (form: FormData) => ({
  date: formBsDate(form, 'date'),
  time: formText(form, 'time'),
  minutes: formText(form, 'minutes'),
  placeEn: formText(form, 'placeEn'),
  placeNe: formText(form, 'placeNe'),
  capacity: formText(form, 'capacity'),
  bringEn: formText(form, 'bringEn'),
  bringNe: formText(form, 'bringNe'),
  programmes: form.getAll('programmes').filter((v): v is string => typeof v === 'string'),
});

/** The season a form of /admin/entrance is about (its hidden `season` field; the service checks it exists). */
const seasonOf = (form: FormData) => formText(form, 'season');

export const createEntranceSession: AdminWrite = {
  action: 'entrance.manage',
  messages: { done: 'Session added.', failed: 'Could not add the session.' },
  run: async (form, services, admin) => ({
    created: (await services.entrance.createSession(admin, seasonOf(form), sessionInput(form))).id,
  }),
};

export const updateEntranceSession = (id: string): AdminWrite => ({
  action: 'entrance.manage',
  messages: { done: 'Session saved.', failed: 'Could not save the session.' },
  run: async (form, services, admin) =>
    services.entrance.updateSession(admin, id, sessionInput(form)).then(() => undefined),
});

export const deleteEntranceSession = (id: string): AdminWrite => ({
  action: 'entrance.manage',
  messages: { done: 'Session deleted.', failed: 'Could not delete the session.' },
  async run(form, services, admin) {
    // Asked first on the page; a post without the confirmation deletes nothing.
    if (formText(form, 'confirmDelete') !== 'yes') {
      const message = 'Confirm the deletion first: the session, its time and place, goes for good.';
      return { fieldErrors: {}, refusal: { code: 'entrance/confirm-delete', message } };
    }
    await services.entrance.deleteSession(admin, id);
    return undefined;
  },
});

/** Roll numbers for every eligible application without one: says how many, and who found no seat and why. */
export const assignRollNumbers: AdminWrite = {
  action: 'entrance.manage',
  messages: { done: 'Roll numbers assigned.', failed: 'Could not assign roll numbers.' },
  async run(form, services, admin) {
    const { assigned, unseated } = await services.entrance.assignRollNumbers(admin, seasonOf(form));
    const given =
      assigned.length === 0
        ? 'No application was waiting for a roll number.'
        : `${assigned.length} roll number${assigned.length === 1 ? '' : 's'} assigned (${assigned[0]!.rollNumber}–${assigned.at(-1)!.rollNumber}); each guardian is told that the admit card is ready.`;
    const left = unseated.length
      ? ` ${unseated.length} without a seat (${unseated.map((u) => `${u.reference}, ${u.programme}`).join('; ')}): ${unseated[0]!.message}`
      : '';
    return { done: given + left };
  },
};

/** A session's marks grid: inputs `marks-<roll>` and checkboxes `absent-<roll>`, one post for all. */
export const saveEntranceMarks = (sessionId: string): AdminWrite => ({
  action: 'entrance.manage',
  messages: { done: 'Marks saved.', failed: 'Could not save the marks.' },
  async run(form, services, admin) {
    const rows = form
      .getAll('roll')
      .filter((v): v is string => typeof v === 'string')
      .map((roll) => ({
        rollNumber: roll,
        marks: formText(form, `marks-${roll}`),
        absent: form.get(`absent-${roll}`) === 'yes',
      }));
    const { changed } = await services.entrance.saveMarks(admin, sessionId, {
      rows,
      confirmBeforeEntrance: formText(form, 'confirmBeforeEntrance') === 'yes',
    });
    return { done: changed === 0 ? 'No marks changed.' : `Marks saved: ${changed} changed.` };
  },
});

/**
 * A CSV file of marks: 'check' previews it, 'import' saves it when no row is bad. Every bad row is named
 * and a file with any imports nothing.
 */
export const importEntranceMarks = (commit: boolean): AdminWrite => ({
  action: 'entrance.manage',
  messages: { done: 'Marks imported.', failed: commit ? 'Nothing was imported.' : 'The file has rows to correct.' },
  async run(form, services, admin) {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { fieldErrors: { file: 'Choose the CSV file of marks.' } };
    if (file.size > MARKS_CSV_LIMIT.maxBytes) return { fieldErrors: { file: MARKS_CSV_LIMIT.refusal } };
    const result = await services.entrance.importMarks(
      admin,
      seasonOf(form),
      await file.text(),
      commit,
      formText(form, 'confirmBeforeEntrance') === 'yes',
    );
    if (result.problems.length) {
      const named = result.problems.map((p) => `Line ${p.line}: ${p.message}`).join('\n');
      const message = `${result.problems.length === 1 ? '1 row is' : `${result.problems.length} rows are`} not right; nothing was imported. Correct the file and send it again.\n${named}`;
      return {
        fieldErrors: { file: 'Correct the rows named above.' },
        refusal: { code: 'entrance/marks-refused', message },
      };
    }
    if (!commit) return { done: `The file is clean: ${result.rows.length} rows ready to import.` };
    return { done: `Marks imported: ${result.rows.length} rows read, ${result.imported} changed.` };
  },
});
