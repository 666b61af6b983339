import { MERIT_RULES, type MeritRule } from '#common/admission/merit.ts';
import type { AdminWrite, WritingAdmin } from '#app/lib/admin/admin-action.server.ts';
import { formBsDate, formText } from '#app/lib/admin/admin-form.ts';

/**
 * The office's writes on the merit list and results day (/admin/merit), each calling the merit service as its
 * JSON API route does; the server checks everything (the settings' schema, the publish time, the offer's state).
 */

const seasonOf = (form: FormData) => formText(form, 'season');

/** A number typed in a field, or NaN for empty (the schema then says which field to fill). */
const numberIn = (form: FormData, name: string) => {
  const text = formText(form, name).trim();
  return text === '' ? Number.NaN : Number(text);
};

/** The rules as posted, one hidden `rules` field each, in their order. */
const rulesIn = (form: FormData) =>
  form.getAll('rules').filter((v): v is MeritRule => typeof v === 'string' && MERIT_RULES.includes(v as MeritRule));

async function save(form: FormData, services: Parameters<AdminWrite['run']>[1], admin: WritingAdmin, rules: string[]) {
  await services.merit.saveSettings(admin, seasonOf(form), {
    rules,
    passMark: numberIn(form, 'passMark'),
    fullMarks: numberIn(form, 'fullMarks'),
    showMarks: form.get('showMarks') === 'yes',
    listNames: form.get('listNames') === 'yes',
    autoOffer: form.get('autoOffer') === 'yes',
    confirmDays: numberIn(form, 'confirmDays'),
  });
}

export const saveMeritSettings: AdminWrite = {
  action: 'merit.manage',
  messages: { done: 'Merit settings saved: the lists below follow them.', failed: 'Could not save the settings.' },
  run: async (form, services, admin) => save(form, services, admin, rulesIn(form)).then(() => undefined),
};

/**
 * Moves one tie-break rule up or down: the button's form carries every setting as saved, so the move changes
 * the order alone (and works without JavaScript).
 */
export const moveMeritRule: AdminWrite = {
  action: 'merit.manage',
  messages: { done: 'Order of the rules saved.', failed: 'Could not move the rule.' },
  async run(form, services, admin) {
    const rules: string[] = rulesIn(form);
    const i = rules.indexOf(formText(form, 'rule'));
    const j = formText(form, 'move') === 'up' ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= rules.length) return { fieldErrors: { rules: 'That rule cannot move further.' } };
    [rules[i], rules[j]] = [rules[j]!, rules[i]!];
    await save(form, services, admin, rules);
    return undefined;
  },
};

/** Sets the publish time (a B.S. date and a Nepal time), or publishes now when the button says so. */
export const scheduleResults: AdminWrite = {
  action: 'merit.manage',
  messages: { done: 'Publish time saved.', failed: 'Could not set the publish time.' },
  async run(form, services, admin) {
    const now = formText(form, 'when') === 'now';
    const settings = await services.merit.schedule(admin, seasonOf(form), {
      date: now ? '' : formBsDate(form, 'date'),
      time: now ? '' : formText(form, 'time'),
      confirmBeforeEntrance: formText(form, 'confirmBeforeEntrance') === 'yes',
    });
    return { done: settings.publishedAt ? 'Results published.' : 'Publish time saved: the results go out then.' };
  },
};

/** The office found the applicant's voucher wrong: the offer is open again and the guardian is told why. */
export const refuseOfferVoucher: AdminWrite = {
  action: 'merit.manage',
  messages: {
    done: 'Voucher refused: the applicant is told and may send another until the deadline.',
    failed: 'Could not refuse the voucher.',
  },
  run: async (form, services, admin) =>
    services.offerVouchers
      .refuse(admin, formText(form, 'application'), { reason: formText(form, 'reason') })
      .then(() => undefined),
};

export const confirmOffer: AdminWrite = {
  action: 'merit.manage',
  messages: { done: 'Fee marked paid: the applicant is admitted.', failed: 'Could not confirm the offer.' },
  async run(form, services, admin) {
    const voucher = formText(form, 'how') === 'voucher';
    await services.merit.confirm(admin, formText(form, 'application'), voucher ? 'voucher' : 'fee-paid');
    return voucher ? { done: 'Voucher verified: the applicant is admitted.' } : undefined;
  },
};
