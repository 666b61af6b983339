import { z } from 'zod';

/** What the demo seeder makes on a fresh install, and 'Remove the demo content' removes. */
export const DEMO_KINDS = ['notice', 'photo'] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

/** How many demo items are still on the site (or were just removed), by kind. */
export const DemoCountsSchema = z.object({
  notices: z.number().int().nonnegative(),
  photos: z.number().int().nonnegative(),
});
export type DemoCounts = z.infer<typeof DemoCountsSchema>;

/** The field the admin page's confirming form posts: a removal that was not asked first is refused. */
export const DEMO_CONFIRM_FIELD = 'confirmRemoval';

export const demoTotal = (counts: DemoCounts) => counts.notices + counts.photos;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '5 notices, 9 photos', or 'nothing' when none is left. */
export function describeDemoCounts(counts: DemoCounts): string {
  const parts = [
    counts.notices > 0 ? plural(counts.notices, 'notice', 'notices') : '',
    counts.photos > 0 ? plural(counts.photos, 'photo', 'photos') : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}
