import type { Image } from '#common/image.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

export function WhyChooseUs({ photos }: { photos: Image[] }) {
  const { site, t, ui, langOf } = useSiteContent();
  const { whyChooseUs } = site;
  const name = t(site.college.name);
  const intro = t(whyChooseUs.intro);
  // A heading over nothing is left out with its section.
  if (!intro && whyChooseUs.points.length === 0 && photos.length === 0) return null;
  return (
    <section className="section" aria-labelledby="why-title">
      <div className="container">
        <h2 id="why-title" lang={langOf(whyChooseUs.heading)}>
          {t(whyChooseUs.heading)}
        </h2>
        {intro ? (
          <p className="section__intro" lang={langOf(whyChooseUs.intro)}>
            {intro}
          </p>
        ) : null}
        {whyChooseUs.points.length > 0 ? (
          <ul className="why-points">
            {whyChooseUs.points.map((point) => (
              <li key={point.id} className="why-point">
                <h3 lang={langOf(point.title)}>{t(point.title)}</h3>
                <p lang={langOf(point.text)}>{t(point.text)}</p>
              </li>
            ))}
          </ul>
        ) : null}
        {photos.length > 0 ? (
          <ul className="featured-photos">
            {photos.map((photo, i) => (
              <li key={photo.id}>
                <ResponsivePicture
                  image={photo}
                  alt={ui.home.featuredPhotoAlt(name, i + 1, photos.length)}
                  sizes="(min-width: 72rem) 23rem, (min-width: 40rem) 33vw, 100vw"
                  className="featured-photo"
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
