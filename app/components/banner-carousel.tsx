import { useEffect, useState } from 'react';
import { TIMINGS } from '#common/limits.ts';
import type { Picture } from '#content/pictures.ts';
import { REDUCED_MOTION_QUERY, motion } from '#app/lib/motion.ts';
import { useMediaQuery } from '#app/lib/use-media-query.ts';
import { PauseIcon, PlayIcon } from './site-icons.tsx';

/**
 * The home page's rotating banner: stacked pictures cross-fade every TIMINGS.bannerIntervalMs. It does not
 * move under prefers-reduced-motion, and visitors can pause it (WCAG 2.2.2). Hidden slides are aria-hidden,
 * so assistive technology meets only the visible picture.
 */
export function BannerCarousel({ pictures }: { pictures: Picture[] }) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);

  const running = !paused && !reducedMotion && pictures.length > 1;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      if (!document.hidden) setActive((i) => (i + 1) % pictures.length);
    }, TIMINGS.bannerIntervalMs);
    return () => window.clearInterval(timer);
  }, [running, pictures.length]);

  return (
    <section className="banner" aria-roledescription="carousel" aria-label="Pictures of the college">
      <div className="banner__slides">
        {pictures.map((picture, i) => (
          <div
            key={picture.src}
            className={`banner__slide ${motion.crossFade} ${i === active ? motion.crossFadeActive : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${pictures.length}`}
            aria-hidden={i !== active}
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
      {pictures.length > 1 && !reducedMotion ? (
        <button
          type="button"
          className={`banner__toggle ${motion.tap}`}
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
      ) : null}
    </section>
  );
}
