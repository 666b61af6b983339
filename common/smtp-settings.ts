import { z } from 'zod';

/**
 * How the connection to the SMTP server is protected: STARTTLS required (usually port 587), TLS from the first
 * byte (usually 465), or none asked for (a server on this machine or network; STARTTLS is still used if offered).
 */
export const SMTP_SECURITIES = ['starttls', 'ssl', 'none'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  starttls: 'STARTTLS (usually port 587)',
  ssl: 'SSL/TLS (usually port 465)',
  none: 'None (local server; STARTTLS if offered)',
};

/** Common providers' servers: picking one fills the host, port and security (the account's own user and password stay to enter). */
export const SMTP_PRESETS = {
  gmail: { label: 'Gmail / Google Workspace', host: 'smtp.gmail.com', port: 587, security: 'starttls' },
  office365: { label: 'Outlook / Office 365', host: 'smtp.office365.com', port: 587, security: 'starttls' },
  zoho: { label: 'Zoho Mail', host: 'smtp.zoho.com', port: 465, security: 'ssl' },
  yahoo: { label: 'Yahoo Mail', host: 'smtp.mail.yahoo.com', port: 465, security: 'ssl' },
} as const satisfies Record<string, { label: string; host: string; port: number; security: SmtpSecurity }>;
export type SmtpPreset = keyof typeof SMTP_PRESETS;
export const SMTP_PRESET_NAMES = Object.keys(SMTP_PRESETS) as SmtpPreset[];

const HOST = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/u;

/**
 * What the owner sets on /admin/messages. A preset, when picked, sets the host, port and security (with
 * JavaScript the form fills them in and posts no preset, so what is typed after wins); an empty host clears
 * the SMTP settings (e-mail then waits for set-up); a blank password keeps the one set.
 */
export const SmtpSettingsInputSchema = z
  .object({
    preset: z.union([z.enum(SMTP_PRESET_NAMES as [SmtpPreset, ...SmtpPreset[]]), z.literal('')]),
    host: z
      .string()
      .trim()
      .max(253)
      .refine((v) => v === '' || HOST.test(v), 'Enter a server name, like smtp.gmail.com.'),
    port: z
      .string()
      .trim()
      .refine(
        (v) => v === '' || (/^\d{1,5}$/u.test(v) && Number(v) >= 1 && Number(v) <= 65535),
        'Enter a port from 1 to 65535, like 587.',
      ),
    security: z.union([z.enum(SMTP_SECURITIES), z.literal('')]),
    user: z.string().trim().max(320),
    password: z.string().max(500),
    from: z
      .string()
      .trim()
      .max(320)
      .refine(
        (v) => v === '' || /^([^<>\n]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/u.test(v),
        'Enter the sender as an address, or a name and an address, like College office <office@college.edu.np>.',
      ),
  })
  .transform((v) => {
    const preset = v.preset ? SMTP_PRESETS[v.preset] : undefined;
    return {
      host: preset?.host ?? v.host,
      port: preset?.port ?? (v.port ? Number(v.port) : 587),
      security: preset?.security ?? (v.security || 'starttls'),
      user: v.user,
      password: v.password,
      from: v.from,
    };
  });
export type SmtpSettingsInput = z.input<typeof SmtpSettingsInputSchema>;
export type SmtpSettings = z.output<typeof SmtpSettingsInputSchema>;

/** Where a setting comes from: the server's environment wins over the admin. */
export interface SmtpSettingsView {
  host: string;
  port: number;
  security: SmtpSecurity;
  user: string;
  passwordSet: boolean;
  from: string;
  /** SMTP_URL is set: the server, port, security, user and password are the environment's. */
  serverFromEnv: boolean;
  /** MAIL_FROM is set: the sender is the environment's. */
  fromFromEnv: boolean;
  /** A stored secret that cannot be opened (a wrong or missing key), in words; '' when none. */
  keyProblem: string;
  /** Whether e-mail can leave now. */
  ready: boolean;
}
