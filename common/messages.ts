import { z } from 'zod';
import { isEmailAddress } from './email.ts';

/** How a message travels. */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * Where a message of the outbox is: waiting its first try, held by a sender now, delivered, waiting
 * another try after a failure, or given up (the reason is its last answer). A 'held' message was never
 * tried: a public form asked for more messages to its recipient in a day than are sent (the reason is its
 * last answer), and it stays in the log for the office to see. A 'cancelled' one was withdrawn before it left
 * (the seat change that queued it was undone): never sent, kept for the office to see.
 */
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'retrying', 'failed', 'held', 'cancelled'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  retrying: 'Will retry',
  failed: 'Failed',
  held: 'Held back',
  cancelled: 'Cancelled',
};

/** Which ways out are set up now: e-mail (an SMTP server) and SMS (a provider and its token). */
export interface ChannelsReady {
  email: boolean;
  sms: boolean;
}

/**
 * What the admin shows of a message: its stored state, except that one not yet delivered on a channel that is
 * not set up is 'waiting-setup'. It cannot leave however long it waits, so it is never shown as queued; it goes
 * out on the sender's next round once the channel is set up.
 */
export type DeliveryState = MessageState | 'waiting-setup';

export function deliveryStateOf(state: MessageState, channel: MessageChannel, ready: ChannelsReady): DeliveryState {
  return (state === 'queued' || state === 'retrying') && !ready[channel] ? 'waiting-setup' : state;
}

export function deliveryStateLabel(state: DeliveryState, channel: MessageChannel): string {
  if (state !== 'waiting-setup') return MESSAGE_STATE_LABELS[state];
  return channel === 'sms' ? 'Waiting for SMS set-up' : 'Waiting for e-mail set-up';
}

/** The SMS providers the site can send through. */
export const SMS_PROVIDERS = ['sparrow', 'aakash'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
export const SMS_PROVIDER_LABELS: Record<SmsProvider, string> = { sparrow: 'Sparrow SMS', aakash: 'Aakash SMS' };

/** A Nepali mobile number as both providers take it: 10 digits starting 97 or 98. */
export const NEPALI_MOBILE_PATTERN = /^9[78]\d{8}$/u;

/** Messages in the delivery log per page. */
export const MESSAGES_PAGE_SIZE = 50;

// The GSM 03.38 basic alphabet and the characters of its extension table (each of those takes two).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsParts {
  encoding: 'gsm-7' | 'unicode';
  /** Characters as the network counts them (an extension character counts two in GSM-7). */
  length: number;
  parts: number;
}

/**
 * How many SMS a text costs: 160 GSM-7 characters (70 in Unicode, needed by any Devanagari letter) in one
 * message; a longer text is split into parts of 153 (67) characters, the rest carrying the joining header.
 */
export function countSmsParts(text: string): SmsParts {
  let gsmLength = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) gsmLength += 1;
    else if (GSM_EXTENDED.includes(ch)) gsmLength += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'gsm-7', length: gsmLength, parts: partsOf(gsmLength, 160, 153) };
  // UCS-2 counts UTF-16 code units: a character outside the basic plane takes two.
  const length = text.length;
  return { encoding: 'unicode', length, parts: partsOf(length, 70, 67) };
}

const partsOf = (length: number, single: number, joined: number) =>
  length === 0 ? 0 : length <= single ? 1 : Math.ceil(length / joined);

/** The office's addresses in one field, separated by commas, spaces or new lines. */
export const splitList = (value: string): string[] =>
  value
    .split(/[\s,;]+/u)
    .map((v) => v.trim())
    .filter(Boolean);

/** What the owner sets on /admin/messages. The token is sent only when it changes (blank keeps it). */
export const MessageSettingsInputSchema = z
  .object({
    officeEmails: z
      .string()
      .max(2000)
      .refine((v) => splitList(v).every(isEmailAddress), 'Enter e-mail addresses separated by commas.'),
    officePhones: z
      .string()
      .max(500)
      .refine(
        (v) => splitList(v).every((n) => NEPALI_MOBILE_PATTERN.test(n)),
        'Enter 10-digit mobile numbers (98XXXXXXXX) separated by commas.',
      ),
    smsProvider: z.union([z.enum(SMS_PROVIDERS), z.literal('')]),
    smsToken: z.string().trim().max(500),
    smsSender: z.string().trim().max(30),
  })
  .refine((v) => v.smsProvider !== 'sparrow' || v.smsSender !== '', {
    path: ['smsSender'],
    message: 'Sparrow SMS needs the sender identity it gave you.',
  });
export type MessageSettingsInput = z.infer<typeof MessageSettingsInputSchema>;

/** The settings as the admin shows them: the token only by its last four characters. */
export interface MessageSettingsView {
  officeEmails: string[];
  officePhones: string[];
  smsProvider: SmsProvider | '';
  smsTokenHint: string;
  smsSender: string;
}
