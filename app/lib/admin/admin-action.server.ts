import { type ActionFunctionArgs, type AppLoadContext, data } from 'react-router';
import { API_ERRORS, SESSION_ENDED, apiError, refusalOf } from '#common/api-error.ts';
import { type Action, decide } from '#common/policy.ts';
import { type PageActor, markSessionEndedDuringWrite } from './admin-guard.server.ts';
import { CORRECT_FIELDS, type WriteMessages } from './admin-messages.ts';
import { type FieldErrors, type FormValues, type WriteResult, writeDone, writeRefused } from './admin-result.ts';
import { formValues } from './admin-form.ts';

/**
 * What a write may end with besides its usual message: fields refused as a whole, other words, or a form
 * rearranged without saving (a list row added, moved or removed by a button when JavaScript is off).
 */
export type WriteOutcome =
  | {
      fieldErrors: FieldErrors;
      /** Values the server adds to the form sent back (a token under which it keeps the files already accepted). */
      values?: FormValues;
      /** The reason to show instead of 'correct the fields' (a refused file's own words). */
      refusal?: { code: string; message: string };
    }
  | { done?: string; created?: string; shownOnce?: string[]; notTaken?: string[] }
  | { edited: FormValues }
  | undefined;

/** The signed-in person making a write. */
export type WritingAdmin = PageActor;

export interface AdminWrite {
  messages: WriteMessages;
  /** What the write does in the policy's words (common/policy.ts), as its API route declares. */
  action: Action;
  /**
   * Does the write through the same services as the JSON API; what it throws is answered below.
   * `clientIp` is the address the form was posted from, for writes that count attempts (a current password).
   */
  run: (
    form: FormData,
    services: AppLoadContext['services'],
    admin: WritingAdmin,
    clientIp: string,
  ) => Promise<WriteOutcome>;
}

const unknownIntent = { code: 'bad-request', message: API_ERRORS['bad-request'].message };

/**
 * The one way an admin page writes: its form posts here (natively without JavaScript, through a fetcher
 * with it), named by its `intent` field. The session is checked first; a refusal of the services (a
 * rule, a full disk, a busy database) comes back as a WriteResult with its status and the typed values;
 * any other fault is logged and answered in general words, so the form keeps what was typed either way.
 */
export async function adminAction(
  { request, context }: ActionFunctionArgs,
  writes: Record<string, AdminWrite>,
): Promise<ReturnType<typeof data<WriteResult>>> {
  const form = await context.readForm(request);
  const intent = form.get('intent');
  const write = typeof intent === 'string' && Object.hasOwn(writes, intent) ? writes[intent] : undefined;
  if (!write) return data(writeRefused({ done: null, failed: null }, unknownIntent), { status: 400 });
  const values = formValues(form);
  const admin = await context.currentActor();
  switch (decide(admin, write.action)) {
    case 'allowed':
      break;
    case 'signed-out':
      markSessionEndedDuringWrite(context);
      return data(writeRefused(write.messages, SESSION_ENDED, { values }), { status: 401 });
    case 'forbidden':
      return data(writeRefused(write.messages, apiError('auth/forbidden'), { values }), { status: 403 });
    case 'two-factor-required':
      return data(writeRefused(write.messages, apiError('two-factor/required'), { values }), { status: 403 });
  }
  try {
    const outcome = await write.run(form, context.services, admin!, context.clientIp);
    if (outcome && 'fieldErrors' in outcome) {
      const refused = outcome.refusal ?? { code: 'validation', message: CORRECT_FIELDS };
      const sentBack = { ...values, ...outcome.values };
      return data(writeRefused(write.messages, refused, { fieldErrors: outcome.fieldErrors, values: sentBack }), {
        status: 400,
      });
    }
    if (outcome && 'edited' in outcome) return data({ ok: true as const, message: null, values: outcome.edited });
    const done = writeDone(write.messages, outcome?.done);
    if (outcome?.created) done.created = outcome.created;
    if (outcome?.shownOnce) done.shownOnce = outcome.shownOnce;
    if (outcome?.notTaken?.length) done.notTaken = outcome.notTaken;
    const sentBy = form.get('form');
    if (typeof sentBy === 'string') done.form = sentBy;
    return data(done);
  } catch (err) {
    const refusal = refusalOf(err);
    if (refusal) {
      return data(writeRefused(write.messages, refusal, { values }), {
        status: refusal.status,
        headers: refusal.headers,
      });
    }
    console.error(`Admin write "${intent}" on ${new URL(request.url).pathname} failed`, err);
    const fault = { code: 'internal', message: API_ERRORS.internal.message };
    return data(writeRefused(write.messages, fault, { values }), { status: 500 });
  }
}
