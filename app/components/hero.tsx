import { motion } from '#app/lib/motion.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { CtaLink } from './cta-link.tsx';

export function Hero() {
  const { site, t, ui, langOf } = useSiteContent();
  const { college } = site;
  const lead = t(college.heroLead);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className={`hero__inner container ${motion.slideUp}`}>
        <p className="hero__kicker" lang={langOf(college.name)}>
          {t(college.name)}
        </p>
        <h1 id="hero-title" className="hero__title" lang={langOf(college.headline)}>
          {t(college.headline)}
        </h1>
        {lead ? (
          <p className="hero__lead" lang={langOf(college.heroLead)}>
            {lead}
          </p>
        ) : null}
        <CtaLink href={college.virtualTourUrl}>{ui.hero.virtualTour}</CtaLink>
      </div>
    </section>
  );
}
