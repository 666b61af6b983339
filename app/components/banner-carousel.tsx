import type { BannerSlide } from '#common/site-content/banner.ts';
import { motion } from '#app/lib/motion.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { PauseIcon, PlayIcon } from './site-icons.tsx';
import { SitePicture } from './site-picture.tsx';

/**
 * The home page's rotating banner: stacked pictures that cross-fade. The server shows the first slide; the
 * others are not laid out, so their (lazy) pictures do not load with the page. The rotation, the pause
 * button (WCAG 2.2.2) and reduced motion are handled by app/lib/enhance/banner.ts, which takes its button
 * labels from the data attributes here. Hidden slides are aria-hidden, so assistive technology meets only
 * the visible picture. The first picture is the page's largest paint: a drawing the site ships with comes
 * inside the page (`firstSlideInline`, a data: address), and for an uploaded photo React writes the page's
 * one preload tag in <head> from its fetchPriority.
 */
export function BannerCarousel({
  slides,
  firstSlideInline = null,
}: {
  slides: BannerSlide[];
  firstSlideInline?: string | null;
}) {
  const { t, ui } = useSiteContent();
  return (
    <section className="banner" aria-roledescription="carousel" aria-label={ui.banner.label} data-banner>
      <div className="banner__slides">
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={`banner__slide ${motion.crossFade} ${i === 0 ? motion.crossFadeActive : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={ui.banner.slideOf(i + 1, slides.length)}
            aria-hidden={i === 0 ? undefined : true}
            data-banner-slide
          >
            <SitePicture
              picture={i === 0 && firstSlideInline ? { ...slide.picture, src: firstSlideInline } : slide.picture}
              alt={t(slide.alt)}
              sizes="100vw"
              priority={i === 0}
            />
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <button
          type="button"
          className={`banner__toggle ${motion.tap}`}
          aria-label={ui.banner.pause}
          data-label-pause={ui.banner.pause}
          data-label-play={ui.banner.play}
          data-banner-toggle
          hidden
        >
          <span className="banner__toggle-pause">
            <PauseIcon />
          </span>
          <span className="banner__toggle-play">
            <PlayIcon />
          </span>
        </button>
      ) : null}
    </section>
  );
}
