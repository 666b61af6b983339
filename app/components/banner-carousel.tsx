import type { Picture } from '#content/pictures.ts';
import { motion } from '#app/lib/motion.ts';
import { PauseIcon, PlayIcon } from './site-icons.tsx';

/**
 * The home page's rotating banner: stacked pictures that cross-fade. The server shows the first slide; the
 * others are not laid out, so their (lazy) pictures do not load with the page. The rotation, the pause
 * button (WCAG 2.2.2) and reduced motion are handled by app/lib/enhance/banner.ts, which takes its button
 * labels from the data attributes here. Hidden slides are aria-hidden, so assistive technology meets only
 * the visible picture. The first picture is the page's largest paint: from its fetchPriority React writes
 * the page's one preload tag for it in <head>.
 */
export function BannerCarousel({ pictures }: { pictures: Picture[] }) {
  return (
    <section className="banner" aria-roledescription="carousel" aria-label="Pictures of the college" data-banner>
      <div className="banner__slides">
        {pictures.map((picture, i) => (
          <div
            key={picture.src}
            className={`banner__slide ${motion.crossFade} ${i === 0 ? motion.crossFadeActive : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${pictures.length}`}
            aria-hidden={i === 0 ? undefined : true}
            data-banner-slide
          >
            <img
              src={picture.src}
              alt={picture.alt}
              width={picture.width}
              height={picture.height}
              {...(i === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
              decoding={i === 0 ? 'sync' : 'async'}
            />
          </div>
        ))}
      </div>
      {pictures.length > 1 ? (
        <button
          type="button"
          className={`banner__toggle ${motion.tap}`}
          aria-label="Pause slideshow"
          data-label-pause="Pause slideshow"
          data-label-play="Play slideshow"
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
