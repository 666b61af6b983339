import type { Course } from '#content/college.ts';
import { CourseIcon } from './site-icons.tsx';

export function CourseCard({ course }: { course: Course }) {
  return (
    <article className="course-card">
      <span className="course-card__icon">
        <CourseIcon name={course.icon} />
      </span>
      <h3>{course.title}</h3>
      <p>{course.summary}</p>
    </article>
  );
}
