import { useSiteContent } from '#app/lib/site-content.ts';

/** Students' words; the section is left out while there are none. */
export function TestimonialsSection() {
  const { site, t, ui, langOf } = useSiteContent();
  if (site.testimonials.items.length === 0) return null;
  return (
    <section className="section section--brand" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title">{ui.home.testimonialsHeading}</h2>
        <ul className="testimonial-grid">
          {site.testimonials.items.map((item) => (
            <li key={item.id}>
              <figure className="testimonial">
                <blockquote>
                  <p lang={langOf(item.quote)}>{t(item.quote)}</p>
                </blockquote>
                <figcaption lang={langOf(item.student)}>{t(item.student)}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
