import { useSiteContent } from '#app/lib/site-content.ts';
import { CourseCard } from './course-card.tsx';

/** The course cards; the section is left out while there are none. */
export function CoursesSection() {
  const { site, ui } = useSiteContent();
  if (site.courses.cards.length === 0) return null;
  return (
    <section id="academics" className="section section--tint" aria-labelledby="academics-title">
      <div className="container">
        <h2 id="academics-title">{ui.home.coursesHeading}</h2>
        <p className="section__intro">{ui.home.coursesIntro}</p>
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
