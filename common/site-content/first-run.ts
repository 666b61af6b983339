import type { z } from 'zod';
import { BrandColoursSchema } from './brand-colours.ts';
import { CollegeSchema } from './college.ts';

/**
 * What the first run asks of the college (its steps 1 and 2): the names, the colours, the address, phones,
 * e-mail and map link, checked with the College page's own rules. The rest of the college stays as stored.
 */
export const FirstRunCollegeSchema = CollegeSchema.pick({
  name: true,
  shortName: true,
  addressLines: true,
  phones: true,
  email: true,
  mapLinkUrl: true,
}).extend({ colours: BrandColoursSchema });
export type FirstRunCollege = z.output<typeof FirstRunCollegeSchema>;
