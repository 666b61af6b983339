import { type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { NOTICE_LIMITS } from '#common/limits.ts';
import { type NoticeInput, NoticeInputSchema } from '#common/notice.ts';
import { countWords } from '#common/words.ts';
import { errorDetail } from '#app/lib/admin-format.ts';
import { api } from '#app/lib/api-client.ts';
import { ToastLines } from './toast-lines.tsx';

export const NOTICE_CREATED = 'Notice created successfully.';
export const NOTICE_CREATE_FAILED = 'Failed to create notice.';

type Field = keyof NoticeInput;
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['title', 'description', 'link'];

/** The same schema as POST /api/admin/notices, with its exact messages, one per field. */
function validate(values: NoticeInput): Errors {
  const result = NoticeInputSchema.safeParse(values);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function NoticeForm() {
  const navigate = useNavigate();
  const ids = { title: useId(), description: useId(), link: useId(), count: useId() };
  const titleRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Required<NoticeInput>>({ title: '', description: '', link: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const words = countWords(values.description);

  function update(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, messages follow the typing, so a fixed field stops complaining at once.
    if (submitted) setErrors(validate(next));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    const firstInvalid = FIELDS.find((f) => found[f]);
    if (firstInvalid) {
      const refs = { title: titleRef, description: descriptionRef, link: linkRef };
      refs[firstInvalid].current?.focus();
      return;
    }
    setSaving(true);
    try {
      await api('/api/admin/notices', { method: 'POST', json: values });
      toast.success(NOTICE_CREATED);
      await navigate('/admin/notice');
    } catch (err) {
      console.error('Creating the notice failed', err);
      // The server's reason below the title (a busy database says nothing was saved); the fields keep their text.
      toast.error(<ToastLines title={NOTICE_CREATE_FAILED} detail={errorDetail(err)} />);
      setSaving(false);
    }
  }

  const described = (field: Field, extra?: string) =>
    [errors[field] ? `${ids[field]}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  const error = (field: Field) =>
    errors[field] ? (
      <p id={`${ids[field]}-error`} className="field__error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="admin-form admin-panel" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="field">
        <label className="field__label" htmlFor={ids.title}>
          Title
        </label>
        <input
          ref={titleRef}
          id={ids.title}
          className="field__input"
          name="title"
          type="text"
          value={values.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={described('title')}
          onChange={(e) => update('title', e.target.value)}
        />
        {error('title')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.description}>
          Description
        </label>
        <textarea
          ref={descriptionRef}
          id={ids.description}
          className="field__input field__input--area"
          name="description"
          rows={7}
          value={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described('description', ids.count)}
          onChange={(e) => update('description', e.target.value)}
        />
        <p id={ids.count} className="field__hint">
          {words} {words === 1 ? 'word' : 'words'} ({NOTICE_LIMITS.descriptionMinWords} to{' '}
          {NOTICE_LIMITS.descriptionMaxWords})
        </p>
        {error('description')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.link}>
          Link <span className="field__optional">(optional)</span>
        </label>
        <input
          ref={linkRef}
          id={ids.link}
          className="field__input"
          name="link"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.link}
          aria-invalid={errors.link ? true : undefined}
          aria-describedby={described('link')}
          onChange={(e) => update('link', e.target.value)}
        />
        {error('link')}
      </div>
      <div>
        <button className="button button--primary" type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Add notice'}
        </button>
      </div>
    </form>
  );
}
