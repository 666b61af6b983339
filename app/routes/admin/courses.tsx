import { useActionData } from 'react-router';
import { COURSE_ICONS, type CourseCard } from '#common/site-content/courses.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { english } from '#common/site-content/local-text.ts';
import { AdminField } from '#app/components/admin/admin-field.tsx';
import { ContentListItem } from '#app/components/admin/content-list-item.tsx';
import { SubmitButton } from '#app/components/admin/submit-button.tsx';
import { TextPairField } from '#app/components/admin/text-pair-field.tsx';
import { PictureUploadForm } from '#app/components/admin/picture-upload-form.tsx';
import { SectionForm, type SectionFields } from '#app/components/admin/section-form.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { CONTENT_WRITES } from '#app/lib/admin/admin-content-writes.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import type { Route } from './+types/courses';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Courses', matches);

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, 'content.edit');
  const [courses, footer] = await Promise.all([
    context.services.content.get('courses'),
    context.services.content.get('footer-courses'),
  ]);
  return { courses, footer, maxUploadBytes: context.services.images.limits.maxBytes };
}

export const action = (args: Route.ActionArgs) => adminAction(args, CONTENT_WRITES.courses);

const ICON_LABELS: Record<(typeof COURSE_ICONS)[number], string> = {
  atom: 'Atom (science)',
  chip: 'Chip (computing)',
  chart: 'Chart (management)',
  bell: 'Bell (other)',
};

const NEW_COURSE: Omit<CourseCard, 'id'> = {
  title: english(''),
  summary: english(''),
  icon: { kind: 'icon', name: 'atom' },
};

interface CourseFieldsProps {
  card: Omit<CourseCard, 'id'>;
  fields: SectionFields;
}

function CourseFields({ card, fields }: CourseFieldsProps) {
  const stored = card.icon.kind === 'icon' ? card.icon.name : 'picture';
  return (
    <>
      <TextPairField label="Title" name="title" stored={card.title} fields={fields} />
      <TextPairField label="Summary" name="summary" stored={card.summary} fields={fields} rows={4} />
      <AdminField label="Icon" error={fields.error('icon') ?? fields.error('icon.name')}>
        {(control) => (
          <select {...control} className="field__input" name="icon" defaultValue={fields.value('icon', stored)}>
            {COURSE_ICONS.map((name) => (
              <option key={name} value={name}>
                {ICON_LABELS[name]}
              </option>
            ))}
            <option value="picture">The uploaded picture</option>
          </select>
        )}
      </AdminField>
    </>
  );
}

function CourseItem(props: {
  card: CourseCard;
  index: number;
  count: number;
  version: number;
  maxUploadBytes: number;
  pageResult: WriteResult | undefined;
}) {
  const { card, index, count, version, maxUploadBytes, pageResult } = props;
  const name = card.title.en || `Course ${index + 1}`;
  return (
    <ContentListItem
      list="course"
      id={card.id}
      name={name}
      index={index}
      count={count}
      version={version}
      question="Delete this course?"
      consequence={<p>“{name}” is removed from the home page.</p>}
    >
      {card.icon.kind === 'picture' ? (
        <img className="content-thumb" src={card.icon.picture.src} alt="" width={96} height={64} />
      ) : null}
      <SectionForm
        key={version}
        intent="course"
        formKey={`course:${card.id}`}
        version={version}
        pageResult={pageResult}
        hidden={{ id: card.id }}
        label={`Course: ${name}`}
      >
        {(fields) => (
          <>
            <CourseFields card={card} fields={fields} />
            <SubmitButton busy={fields.busy} label="Save course" />
          </>
        )}
      </SectionForm>
      <PictureUploadForm
        intent="course-picture"
        formKey={`course-picture:${card.id}`}
        hidden={{ id: card.id }}
        label="Picture instead of the icon"
        maxUploadBytes={maxUploadBytes}
        pageResult={pageResult}
      />
    </ContentListItem>
  );
}

export default function CoursesPage({ loaderData }: Route.ComponentProps) {
  const { courses, footer, maxUploadBytes } = loaderData;
  const pageResult = useActionData<typeof action>();
  const footerRows = [...footer.items, english('')];
  return (
    <section className="admin-page" aria-labelledby="courses-title">
      <header className="admin-page__header">
        <div>
          <h1 id="courses-title">Courses</h1>
          <p className="admin-page__lead">The course cards on the home page, and the footer’s list of courses.</p>
        </div>
      </header>
      <WriteStatus result={pageResult} />

      <section className="content-section" aria-labelledby="course-cards-title">
        <h2 id="course-cards-title">Course cards</h2>
        <ol className="content-list">
          {courses.cards.map((card, index) => (
            <CourseItem
              key={card.id}
              card={card}
              index={index}
              count={courses.cards.length}
              version={courses.version}
              maxUploadBytes={maxUploadBytes}
              pageResult={pageResult}
            />
          ))}
        </ol>
        {courses.cards.length < CONTENT_LIMITS.coursesMax ? (
          <div className="admin-panel content-item">
            <h3 className="content-item__title">Add a course</h3>
            <SectionForm
              key={courses.version}
              intent="course"
              formKey="course:new"
              version={courses.version}
              pageResult={pageResult}
              label="Add a course"
            >
              {(fields) => (
                <>
                  <CourseFields card={NEW_COURSE} fields={fields} />
                  <p className="field__hint">A picture can be uploaded once the course is added.</p>
                  <SubmitButton busy={fields.busy} label="Add course" />
                </>
              )}
            </SectionForm>
          </div>
        ) : (
          <p className="admin-note">The home page shows at most {CONTENT_LIMITS.coursesMax} courses.</p>
        )}
      </section>

      <section className="content-section admin-panel" aria-labelledby="footer-courses-title">
        <h2 id="footer-courses-title">Footer course list</h2>
        <p className="field__hint">
          The short list in the footer of every page. Empty a line to remove it; the last line adds one.
        </p>
        <SectionForm
          key={footer.version}
          intent="footer"
          formKey="footer"
          version={footer.version}
          pageResult={pageResult}
          label="Footer course list"
        >
          {(fields) => (
            <>
              {footerRows.slice(0, CONTENT_LIMITS.footerCoursesMax).map((item, i) => (
                <TextPairField
                  // Rows are numbered in the order shown; the list is saved as a whole.
                  key={i}
                  label={`Footer course ${i + 1}`}
                  name={`items.${i}`}
                  stored={item}
                  fields={fields}
                />
              ))}
              {fields.error('items') ? <p className="field__error">{fields.error('items')}</p> : null}
              <SubmitButton busy={fields.busy} label="Save footer list" />
            </>
          )}
        </SectionForm>
      </section>
    </section>
  );
}
