import { z } from 'zod';
import { VITALS_LIMITS, VITAL_NAMES, type VitalName } from './vitals.ts';

/** What the browser sends to POST /api/vitals (app/lib/vitals.client.ts), checked by the server. */
export const VitalNameSchema = z.enum(VITAL_NAMES);

/** Upper bounds that no real measurement reaches: anything above is a broken or forged beacon. */
const MAX_VALUE: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 100, TTFB: 120_000 };

/** A route pattern such as `/`, `/notices` or `/*`, never a full URL with its query. */
export const RoutePatternSchema = z
  .string()
  .max(VITALS_LIMITS.routeMaxChars)
  .regex(/^\/[A-Za-z0-9/:*_-]*$/u, 'must be a route pattern');

export const VitalSampleSchema = z
  .object({ name: VitalNameSchema, value: z.number().finite().nonnegative() })
  .refine((s) => s.value <= MAX_VALUE[s.name], { message: 'value out of range', path: ['value'] });

export const VitalsBeaconSchema = z.strictObject({
  route: RoutePatternSchema,
  metrics: z
    .array(VitalSampleSchema)
    .min(1)
    .max(VITAL_NAMES.length)
    .refine((list) => new Set(list.map((m) => m.name)).size === list.length, 'each metric at most once'),
});
export type VitalsBeacon = z.infer<typeof VitalsBeaconSchema>;
