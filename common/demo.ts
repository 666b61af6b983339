import { z } from 'zod';

/** What the demo seeder makes on a fresh install, and 'Remove the demo content' removes. */
export const DEMO_KINDS = ['notice', 'photo'] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

/**
 * How many demo items are still on the site (or were just removed), by kind: the seeded notices and photos,
 * and the default texts still as the site shipped them (texts: the college's fields, reasons, courses and
 * footer courses; people: the chairman's and principal's messages and the testimonials; downloads: the
 * placeholder prospectus).
 */
export const DemoCountsSchema = z.object({
  notices: z.number().int().nonnegative(),
  photos: z.number().int().nonnegative(),
  texts: z.number().int().nonnegative(),
  people: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
});
export type DemoCounts = z.infer<typeof DemoCountsSchema>;

export const NO_DEMO: DemoCounts = { notices: 0, photos: 0, texts: 0, people: 0, downloads: 0 };

/** The field the admin page's confirming form posts: a removal that was not asked first is refused. */
export const DEMO_CONFIRM_FIELD = 'confirmRemoval';

export const demoTotal = (counts: DemoCounts) =>
  counts.notices + counts.photos + counts.texts + counts.people + counts.downloads;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '5 notices, 9 photos, 20 texts, 4 people, 1 download', or 'nothing' when none is left. */
export function describeDemoCounts(counts: DemoCounts): string {
  const parts = [
    counts.notices > 0 ? plural(counts.notices, 'notice', 'notices') : '',
    counts.photos > 0 ? plural(counts.photos, 'photo', 'photos') : '',
    counts.texts > 0 ? plural(counts.texts, 'text', 'texts') : '',
    counts.people > 0 ? plural(counts.people, 'person', 'people') : '',
    counts.downloads > 0 ? plural(counts.downloads, 'download', 'downloads') : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}
