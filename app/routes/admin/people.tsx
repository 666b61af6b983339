import { useActionData } from 'react-router';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { english } from '#common/site-content/local-text.ts';
import { MESSAGE_KEYS, type Message, type MessageKey } from '#common/site-content/people.ts';
import { TextPairField } from '#app/components/admin/text-pair-field.tsx';
import { ContentListItem } from '#app/components/admin/content-list-item.tsx';
import { SubmitButton } from '#app/components/admin/submit-button.tsx';
import { PictureUploadForm } from '#app/components/admin/picture-upload-form.tsx';
import { SectionForm } from '#app/components/admin/section-form.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { CONTENT_WRITES } from '#app/lib/admin/admin-content-writes.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import type { Route } from './+types/people';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('People', matches);

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, 'content.edit');
  const { content } = context.services;
  const [messages, testimonials, why] = await Promise.all([
    content.get('messages'),
    content.get('testimonials'),
    content.get('why-choose-us'),
  ]);
  return { messages, testimonials, why, maxUploadBytes: context.services.images.limits.maxBytes };
}

export const action = (args: Route.ActionArgs) => adminAction(args, CONTENT_WRITES.people);

const PERSON: Record<MessageKey, string> = { chairman: 'Chairman', principal: 'Principal' };

function MessagePanel(props: {
  personKey: MessageKey;
  message: Message;
  version: number;
  maxUploadBytes: number;
  pageResult: WriteResult | undefined;
}) {
  const { personKey, message, version, maxUploadBytes, pageResult } = props;
  const title = `${PERSON[personKey]}’s message`;
  const titleId = `message-${personKey}`;
  return (
    <section className="admin-panel content-item" aria-labelledby={titleId}>
      <h2 id={titleId} className="content-item__title">
        {title}
      </h2>
      {message.photo ? (
        <img
          className="content-thumb"
          src={message.photo.src}
          alt={`Photo of the ${personKey}`}
          width={96}
          height={96}
        />
      ) : (
        <p className="field__hint">No photo yet.</p>
      )}
      <SectionForm
        key={version}
        intent="message"
        formKey={`message:${personKey}`}
        version={version}
        pageResult={pageResult}
        hidden={{ key: personKey }}
        label={title}
      >
        {(fields) => (
          <>
            <TextPairField label="Name" name="name" stored={message.name} fields={fields} optional />
            <TextPairField label="Role" name="role" stored={message.role} fields={fields} />
            <TextPairField label="Heading" name="heading" stored={message.heading} fields={fields} />
            <TextPairField
              label="Message"
              name="body"
              stored={message.body}
              fields={fields}
              rows={8}
              hint="Paragraphs are separated by an empty line."
            />
            {message.photo ? (
              <label className="field__check">
                <input type="checkbox" name="removePhoto" /> Remove the photo
              </label>
            ) : null}
            <SubmitButton busy={fields.busy} label="Save message" />
          </>
        )}
      </SectionForm>
      <PictureUploadForm
        intent="message-photo"
        formKey={`message-photo:${personKey}`}
        hidden={{ key: personKey }}
        label={`${PERSON[personKey]}’s photo`}
        maxUploadBytes={maxUploadBytes}
        pageResult={pageResult}
      />
    </section>
  );
}

type Testimonials = Route.ComponentProps['loaderData']['testimonials'];

function TestimonialsSection({
  testimonials,
  pageResult,
}: {
  testimonials: Testimonials;
  pageResult: WriteResult | undefined;
}) {
  const { items, version } = testimonials;
  return (
    <section className="content-section" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">Testimonials</h2>
      <ol className="content-list">
        {items.map((item, index) => {
          const name = item.student.en || `Testimonial ${index + 1}`;
          return (
            <ContentListItem
              key={item.id}
              list="testimonial"
              id={item.id}
              name={name}
              index={index}
              count={items.length}
              version={version}
              question="Delete this testimonial?"
              consequence={<p>The words of “{name}” are removed from the home page.</p>}
            >
              <SectionForm
                key={version}
                intent="testimonial"
                formKey={`testimonial:${item.id}`}
                version={version}
                pageResult={pageResult}
                hidden={{ id: item.id }}
                label={`Testimonial: ${name}`}
              >
                {(fields) => (
                  <>
                    <TextPairField
                      label="Student"
                      name="student"
                      stored={item.student}
                      fields={fields}
                      hint="A description, such as 'BSc CSIT student, 2024'."
                    />
                    <TextPairField label="Quote" name="quote" stored={item.quote} fields={fields} rows={4} />
                    <SubmitButton busy={fields.busy} label="Save testimonial" />
                  </>
                )}
              </SectionForm>
            </ContentListItem>
          );
        })}
      </ol>
      {items.length < CONTENT_LIMITS.testimonialsMax ? (
        <div className="admin-panel content-item">
          <h3 className="content-item__title">Add a testimonial</h3>
          <SectionForm
            key={version}
            intent="testimonial"
            formKey="testimonial:new"
            version={version}
            pageResult={pageResult}
            label="Add a testimonial"
          >
            {(fields) => (
              <>
                <TextPairField label="Student" name="student" stored={english('')} fields={fields} />
                <TextPairField label="Quote" name="quote" stored={english('')} fields={fields} rows={4} />
                <SubmitButton busy={fields.busy} label="Add testimonial" />
              </>
            )}
          </SectionForm>
        </div>
      ) : null}
    </section>
  );
}

type Why = Route.ComponentProps['loaderData']['why'];

function WhyChooseUsSection({ why, pageResult }: { why: Why; pageResult: WriteResult | undefined }) {
  const rows = [...why.points, { id: '', title: english(''), text: english('') }].slice(0, CONTENT_LIMITS.whyPointsMax);
  return (
    <section className="content-section admin-panel" aria-labelledby="why-title">
      <h2 id="why-title">Why choose us</h2>
      <p className="field__hint">Empty both texts of a reason to remove it; the last one adds a reason.</p>
      <SectionForm
        key={why.version}
        intent="why"
        formKey="why"
        version={why.version}
        pageResult={pageResult}
        label="Why choose us"
      >
        {(fields) => (
          <>
            <TextPairField label="Heading" name="heading" stored={why.heading} fields={fields} />
            <TextPairField label="Introduction" name="intro" stored={why.intro} fields={fields} optional />
            {rows.map((point, i) => (
              <fieldset key={point.id || 'new'} className="content-item">
                <legend>Reason {i + 1}</legend>
                <input type="hidden" name={`points.${i}.id`} value={point.id} />
                <TextPairField label="Title" name={`points.${i}.title`} stored={point.title} fields={fields} />
                <TextPairField label="Text" name={`points.${i}.text`} stored={point.text} fields={fields} rows={3} />
              </fieldset>
            ))}
            {fields.error('points') ? <p className="field__error">{fields.error('points')}</p> : null}
            <SubmitButton busy={fields.busy} label="Save reasons" />
          </>
        )}
      </SectionForm>
    </section>
  );
}

export default function PeoplePage({ loaderData }: Route.ComponentProps) {
  const { messages, testimonials, why, maxUploadBytes } = loaderData;
  const pageResult = useActionData<typeof action>();
  return (
    <section className="admin-page" aria-labelledby="people-title">
      <header className="admin-page__header">
        <div>
          <h1 id="people-title">People</h1>
          <p className="admin-page__lead">
            The chairman’s and principal’s messages, students’ testimonials and the reasons to choose the college.
          </p>
        </div>
      </header>
      <WriteStatus result={pageResult} />
      {MESSAGE_KEYS.map((key) => (
        <MessagePanel
          key={key}
          personKey={key}
          message={messages[key]}
          version={messages.version}
          maxUploadBytes={maxUploadBytes}
          pageResult={pageResult}
        />
      ))}
      <TestimonialsSection testimonials={testimonials} pageResult={pageResult} />
      <WhyChooseUsSection why={why} pageResult={pageResult} />
    </section>
  );
}
