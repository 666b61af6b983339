import { testimonials } from '#content/college.ts';

export function TestimonialsSection() {
  return (
    <section className="section section--brand" aria-labelledby="testimonials-title">
      <div className="container">
        <h2 id="testimonials-title">What our students say</h2>
        <ul className="testimonial-grid">
          {testimonials.map((t) => (
            <li key={t.student}>
              <figure className="testimonial">
                <blockquote>
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption>{t.student}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
