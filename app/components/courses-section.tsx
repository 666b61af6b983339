import { useSiteContent } from '#app/lib/site-content.ts';
import { CourseCard } from './course-card.tsx';

export function CoursesSection() {
  const { site } = useSiteContent();
  return (
    <section id="academics" className="section section--tint" aria-labelledby="academics-title">
      <div className="container">
        <h2 id="academics-title">Our courses</h2>
        <p className="section__intro">+2 programmes in science and management.</p>
        <ul className="course-grid">
          {site.courses.cards.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
