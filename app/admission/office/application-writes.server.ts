import type { ApplicationState } from '#common/admission/application.ts';
import { STATE_LABELS } from '#common/admission/application-office.ts';
import type { AdminWrite } from '#app/lib/admin/admin-action.server.ts';
import { formText } from '#app/lib/admin/admin-form.ts';

/**
 * The office's writes on applications (/admin/applications and /admin/applications/:id), each calling the
 * application service as its JSON API route does; the server checks every move.
 */

export const APPLICATION_MESSAGES = {
  state: { done: 'State changed.', failed: 'Could not change the state.' },
  bulk: { done: 'Applications moved.', failed: 'Could not move the applications.' },
  payment: { done: 'Payment saved.', failed: 'Could not save the payment.' },
  note: { done: 'Note added.', failed: 'Could not add the note.' },
  restore: { done: 'Application restored.', failed: 'Could not restore the application.' },
  undo: { done: 'Withdrawal undone.', failed: 'Could not undo the withdrawal.' },
  accessKey: { done: 'New access key queued.', failed: 'Could not make a new access key.' },
} as const;

const stateInput = (form: FormData) => ({
  to: formText(form, 'to'),
  message: formText(form, 'message'),
  documents: form.getAll('documents').filter((v): v is string => typeof v === 'string'),
  confirmOverSeats: formText(form, 'confirmOverSeats') === 'yes',
  confirmWithdrawal: formText(form, 'confirmWithdrawal') === 'yes',
  confirmMove: formText(form, 'confirmMove') === 'yes',
});

/** One application's move: a refusal (the fee, the seats, a missing message) is shown with its reason. */
export const changeApplicationState = (id: string): AdminWrite => ({
  action: 'applications.decide',
  messages: APPLICATION_MESSAGES.state,
  async run(form, services, admin) {
    const input = stateInput(form);
    await services.applicationOffice.changeOne(admin, id, input);
    return { done: `Moved to '${STATE_LABELS[input.to as ApplicationState] ?? input.to}'.` };
  },
});

/** A selection's move: says how many moved and which were refused, and why. */
export const changeSelectedStates: AdminWrite = {
  action: 'applications.decide',
  messages: APPLICATION_MESSAGES.bulk,
  async run(form, services, admin) {
    const ids = form.getAll('ids').filter((v): v is string => typeof v === 'string');
    const input = stateInput(form);
    const { moved, refused } = await services.applicationOffice.changeState(admin, { ...input, ids });
    const to = STATE_LABELS[input.to as ApplicationState] ?? input.to;
    const refusals = refused.map((r) => `${r.reference || 'unknown'}: ${r.message}`).join(' ');
    return {
      done: `${moved.length} moved to '${to}'.${refused.length ? ` ${refused.length} refused. ${refusals}` : ''}`,
    };
  },
};

export const setApplicationPayment = (id: string): AdminWrite => ({
  action: 'applications.decide',
  messages: APPLICATION_MESSAGES.payment,
  async run(form, services, admin) {
    const decision = formText(form, 'decision');
    await services.applicationOffice.setPayment(admin, id, { decision, note: formText(form, 'note') });
    return { done: decision === 'verified' ? 'Fee verified.' : 'Payment refused.' };
  },
});

export const addApplicationNote = (id: string): AdminWrite => ({
  action: 'applications.decide',
  messages: APPLICATION_MESSAGES.note,
  run: async (form, services, admin) =>
    services.applicationOffice.addNote(admin, id, { text: formText(form, 'text') }).then(() => undefined),
});

/** Undoes a withdrawal: says where the application went back to (the seat rule is the server's, decision 0049). */
export const restoreApplication = (id: string): AdminWrite => ({
  action: 'applications.decide',
  messages: APPLICATION_MESSAGES.restore,
  async run(form, services, admin) {
    const confirmOverSeats = formText(form, 'confirmOverSeats') === 'yes';
    const { to, beyondSeats } = await services.applicationOffice.restore(admin, id, { confirmOverSeats });
    return { done: `Restored to '${STATE_LABELS[to]}'${beyondSeats ? " beyond the programme's seats" : ''}.` };
  },
});

/** Undoes the seat change that withdrew it: both applications back, nothing further sent (decision 0053). */
export const undoWithdrawal = (id: string): AdminWrite => ({
  action: 'applications.decide',
  messages: APPLICATION_MESSAGES.undo,
  async run(form, services, admin) {
    const confirmUndo = formText(form, 'confirmUndo') === 'yes';
    const { to } = await services.applicationOffice.undo(admin, id, { confirmUndo });
    return { done: `Withdrawal undone: back to '${STATE_LABELS[to]}'.` };
  },
});

/**
 * A new access key for the family, queued to the guardian's mobile and e-mail: the answer says queued, not
 * sent (the messages page tells whether it left), and that the old key no longer opens the application.
 */
export const sendAccessKey = (id: string): AdminWrite => ({
  action: 'applications.decide',
  messages: APPLICATION_MESSAGES.accessKey,
  async run(_form, services, admin) {
    await services.applicationIntake.sendNewKeyFromOffice(admin, id);
    return {
      done: "A new access key is queued for the guardian's mobile and e-mail (see Messages for its delivery). The key they had no longer opens the application.",
    };
  },
});
