import { college, links } from '#content/college.ts';
import { motion } from '#app/lib/motion.ts';
import { CtaLink } from './cta-link.tsx';

export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className={`hero__inner container ${motion.slideUp}`}>
        <p className="hero__kicker">{college.name}</p>
        <h1 id="hero-title" className="hero__title">
          {college.motto}
        </h1>
        <p className="hero__lead">
          Since {college.history.established}, a +2 college for science and management in the centre of Bharatpur,
          Chitwan.
        </p>
        <CtaLink href={links.virtualTour}>Take a virtual tour</CtaLink>
      </div>
    </section>
  );
}
