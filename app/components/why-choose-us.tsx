import type { Image } from '#common/image.ts';
import { college, whyChooseUs } from '#content/college.ts';
import { ResponsivePicture } from './responsive-picture.tsx';

export function WhyChooseUs({ photos }: { photos: Image[] }) {
  return (
    <section className="section" aria-labelledby="why-title">
      <div className="container">
        <h2 id="why-title">{whyChooseUs.heading}</h2>
        <p className="section__intro">{whyChooseUs.intro}</p>
        <ul className="why-points">
          {whyChooseUs.points.map((point) => (
            <li key={point.title} className="why-point">
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
        {photos.length > 0 ? (
          <ul className="featured-photos">
            {photos.map((photo, i) => (
              <li key={photo.id}>
                <ResponsivePicture
                  image={photo}
                  alt={`Life at ${college.name}: featured photo ${i + 1} of ${photos.length}`}
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
