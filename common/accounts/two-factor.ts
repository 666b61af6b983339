import { z } from 'zod';

/** A 6-digit code from the app, or a recovery code such as 'k7pm-3xqa-9trw'; checked by the server. */
export const TwoFactorCodeSchema = z.string().trim().min(1, 'Enter the code.').max(64);

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export const TwoFactorSetupSchema = z.object({ secret: z.string(), qrSvg: z.string() });
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
