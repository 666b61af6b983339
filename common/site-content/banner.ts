import { z } from 'zod';
import { CONTENT_ERRORS } from './errors.ts';
import { CONTENT_LIMITS as L } from './limits.ts';
import { localText } from './local-text.ts';
import { ItemIdSchema, LocalTextSchema, SitePictureSchema } from './picture.ts';

/** A slide's picture must be described for visitors who cannot see it (screen readers show the alt text). */
export const SLIDE_ALT_REQUIRED = 'Describe the photo for visitors who cannot see it.';

export const SlideAltSchema = localText({
  noun: 'description of the photo',
  max: L.alt,
  requiredMessage: SLIDE_ALT_REQUIRED,
});

const slideCount = {
  min: `The banner needs at least ${L.bannerSlidesMin} slide.`,
  max: CONTENT_ERRORS.bannerFull.message,
};

/** Reorder, describe or delete slides; new slides come with their photo (an upload). */
export const BannerUpdateSchema = z.object({
  slides: z
    .array(z.object({ id: ItemIdSchema, alt: SlideAltSchema }))
    .min(L.bannerSlidesMin, slideCount.min)
    .max(L.bannerSlidesMax, slideCount.max)
    .refine((slides) => new Set(slides.map((s) => s.id)).size === slides.length, {
      message: 'A slide appears twice in the list.',
    }),
});
export type BannerUpdate = z.input<typeof BannerUpdateSchema>;

/** The text fields sent with a new slide's photo (multipart fields `alt` and `altNe`). */
export const NewSlideSchema = z.object({ alt: SlideAltSchema });
export type NewSlide = z.input<typeof NewSlideSchema>;

export const BannerSlideSchema = z.object({ id: z.string(), picture: SitePictureSchema, alt: LocalTextSchema });
export type BannerSlide = z.infer<typeof BannerSlideSchema>;

/** The home banner's slides, in order. */
export const BannerSchema = z.object({ slides: z.array(BannerSlideSchema) });
export type Banner = z.infer<typeof BannerSchema>;
