import type { CourseCard as CourseCardData } from '#common/site-content/courses.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { CourseIcon } from './site-icons.tsx';
import { SitePicture } from './site-picture.tsx';

/** A course: its drawn icon or its uploaded picture (decorative: the title says what it is), title and summary. */
export function CourseCard({ course }: { course: CourseCardData }) {
  const { t, langOf } = useSiteContent();
  return (
    <article className="course-card">
      {course.icon.kind === 'icon' ? (
        <span className="course-card__icon">
          <CourseIcon name={course.icon.name} />
        </span>
      ) : (
        <SitePicture
          picture={course.icon.picture}
          alt=""
          sizes="(min-width: 72rem) 15rem, (min-width: 60rem) 25vw, (min-width: 40rem) 50vw, 100vw"
          className="course-card__picture"
        />
      )}
      <h3 lang={langOf(course.title)}>{t(course.title)}</h3>
      <p lang={langOf(course.summary)}>{t(course.summary)}</p>
    </article>
  );
}
