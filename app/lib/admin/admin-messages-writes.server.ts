import { countSmsParts, MessageSettingsInputSchema, type MessageSettingsInput } from '#common/messages.ts';
import { SmtpSettingsInputSchema, type SmtpSettingsInput } from '#common/smtp-settings.ts';
import type { AdminWrite } from './admin-action.server.ts';
import { fieldErrorsOf, formText, formValues } from './admin-form.ts';
import { ADMIN_MESSAGES } from './admin-messages.ts';

const settingsInput = (form: FormData): MessageSettingsInput => ({
  officeEmails: formText(form, 'officeEmails'),
  officePhones: formText(form, 'officePhones'),
  smsProvider: formText(form, 'smsProvider') as MessageSettingsInput['smsProvider'],
  smsToken: formText(form, 'smsToken'),
  smsSender: formText(form, 'smsSender'),
});

const smtpInput = (form: FormData): SmtpSettingsInput => ({
  preset: formText(form, 'preset') as SmtpSettingsInput['preset'],
  host: formText(form, 'host'),
  port: formText(form, 'port'),
  security: formText(form, 'security') as SmtpSettingsInput['security'],
  user: formText(form, 'user'),
  password: formText(form, 'password'),
  from: formText(form, 'from'),
});

/** How many SMS a text costs, in words. */
export function smsCostWords(text: string): string {
  const { encoding, length, parts } = countSmsParts(text);
  const kind = encoding === 'gsm-7' ? 'plain (GSM-7) characters' : 'Unicode characters (Nepali script)';
  return `${length} ${kind}: ${parts} SMS ${parts === 1 ? 'part' : 'parts'} per recipient.`;
}

/** The writes of the E-mail and SMS page (/admin/messages), by the form's intent. */
export const MESSAGES_WRITES = {
  settings: {
    action: 'messages.manage',
    messages: ADMIN_MESSAGES.messageSettings,
    async run(form, services, admin) {
      const input = settingsInput(form);
      const fieldErrors = fieldErrorsOf(MessageSettingsInputSchema, input);
      if (fieldErrors) return { fieldErrors };
      await services.messages.saveSettings(admin, input);
      return undefined;
    },
  },
  /** Sends a test e-mail now and reports the SMTP server's answer, whatever it is. */
  testEmail: {
    action: 'messages.manage',
    messages: ADMIN_MESSAGES.messageTest,
    async run(form, services, admin) {
      const delivery = await services.messages.sendTestEmail(admin, formText(form, 'to'));
      if (delivery.outcome === 'sent') return { done: `Sent. The server answered: ${delivery.answer}` };
      return {
        fieldErrors: { to: `Not sent. ${delivery.answer}` },
        refusal: { code: 'validation', message: `Not sent. ${delivery.answer}` },
      };
    },
  },
  /** The SMTP server and sender; the password never comes back in the form's values. */
  smtp: {
    action: 'messages.manage',
    messages: ADMIN_MESSAGES.smtpSettings,
    async run(form, services, admin) {
      const input = smtpInput(form);
      const fieldErrors = fieldErrorsOf(SmtpSettingsInputSchema, input);
      if (fieldErrors) return { fieldErrors };
      await services.messages.saveSmtpSettings(admin, input);
      return undefined;
    },
  },
  /** Sends a test SMS now and reports the provider's answer, whatever it is. */
  testSms: {
    action: 'messages.manage',
    messages: ADMIN_MESSAGES.smsTest,
    async run(form, services, admin) {
      const delivery = await services.messages.sendTestSms(admin, formText(form, 'to'));
      if (delivery.outcome === 'sent') return { done: `SMS sent. The provider answered: ${delivery.answer}` };
      return {
        fieldErrors: { to: `Not sent. ${delivery.answer}` },
        refusal: { code: 'validation', message: `Not sent. ${delivery.answer}` },
      };
    },
  },
  resend: {
    action: 'messages.manage',
    messages: ADMIN_MESSAGES.messageResend,
    run: async (form, services, admin) => services.messages.resend(admin, formText(form, 'id')).then(() => undefined),
  },
  /** Counts an SMS text's parts before anything is sent (the page shows it as typed with JavaScript). */
  countSms: {
    action: 'messages.manage',
    messages: ADMIN_MESSAGES.smsCount,
    run: async (form) => ({ edited: { ...formValues(form), cost: smsCostWords(formText(form, 'smsText')) } }),
  },
} satisfies Record<string, AdminWrite>;
