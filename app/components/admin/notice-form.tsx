import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NOTICE_LIMITS } from '#common/limits.ts';
import { EMPTY_NOTICE_FORM, type NoticeFormValues, noticeFormErrors } from '#app/lib/notice-form-values.ts';
import { bsYearsAround } from '#app/lib/bs-date-input.ts';
import { NOTICE_CATEGORIES } from '#common/notices/notice-category.ts';
import { countWords } from '#common/words.ts';
import { saveDraft, takeDraft } from '#app/lib/admin/admin-draft.ts';
import { focusFirstRefused } from '#app/lib/admin/admin-focus.ts';
import { type FieldErrors, type WriteResult, isSessionEnded } from '#app/lib/admin/admin-result.ts';
import { useHydrated } from '#app/lib/admin/admin-hydrated.ts';
import { NOTICE_PREETI_FIELDS, type NoticePreetiField, PREETI_CONVERTED } from '#app/lib/notice-preeti.ts';
import { ATTACHMENT_ERRORS, NOTICE_ATTACHMENT_LIMITS } from '#common/notices/notice-attachments.ts';
import { NOTICE_UPLOAD_FIELDS, keptUploads } from '#common/notices/notice-uploads.ts';
import { AdminField } from './admin-field.tsx';
import { AttachmentsInput } from './attachments-input.tsx';
import { BsDateField } from './bs-date-field.tsx';
import { useAdminWrite } from './use-admin-write.tsx';
import { PreetiConvertButton } from './preeti-convert-button.tsx';
import { WriteStatus } from './write-status.tsx';
import { SubmitButton } from './submit-button.tsx';

const EMPTY = EMPTY_NOTICE_FORM;
type Values = NoticeFormValues;

/**
 * The values of a form sent back by the server (refused, or converted from Preeti without JavaScript), over
 * the notice's own (or the empty form): only the form's own fields.
 */
function valuesOf(result: WriteResult | undefined, initial: Values): Values {
  const sent = result?.values;
  if (!sent) return initial;
  const keys = Object.keys(initial) as (keyof Values)[];
  return Object.fromEntries(keys.map((key) => [key, sent[key] ?? initial[key]])) as Values;
}

const optional = (label: string) => (
  <>
    {label} <span className="field__optional">(optional)</span>
  </>
);

interface NoticeFormProps {
  /** The answer to this form when it was posted without JavaScript. */
  pageResult: WriteResult | undefined;
  /** Where the list of notices is, opened once a notice is saved. */
  listPath: string;
  /** The notice being edited (its id and values); none for a new notice. */
  editing?: { id: string; values: Values } | undefined;
  /** The server's limit of a photo attached (the image uploads'). */
  maxImageBytes: number;
}

/** Adds or edits a notice: checked in the browser with the server's own schema and messages, then posted to the page. */
export function NoticeForm({ pageResult, listPath, editing, maxImageBytes }: NoticeFormProps) {
  const initial = editing?.values ?? EMPTY;
  const intent = editing ? 'update' : 'create';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [values, setValues] = useState<Values>(() => valuesOf(pageResult, initial));
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const [restored, setRestored] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  // A new file field after a refusal: the files it held were either refused or are kept by the server.
  const [fileField, setFileField] = useState(0);
  const hydrated = useHydrated();
  // The field the page converted from Preeti when the form was posted without JavaScript.
  const converted = pageResult?.ok ? pageResult.values?.[PREETI_CONVERTED] : undefined;

  // The notice and its files go in one request and are saved together, or not at all; then the list opens.
  const { fetcher, busy, result, lasting } = useAdminWrite({
    onDone: () => void navigate(listPath),
    onRefused: (refused) => {
      // Signing in again leaves this page: keep the text for when the admin comes back to it.
      if (isSessionEnded(refused)) saveDraft(pathname, values);
      // The server's reasons are shown now (the browser's own check found nothing).
      setChecked(null);
      setFiles([]);
      setFileField((n) => n + 1);
    },
    refusalsInPage: true,
  });
  const words = countWords(values.description);
  const shown = result ?? pageResult;
  const refused = shown && !shown.ok ? shown : undefined;
  const errors = checked ?? refused?.fieldErrors ?? {};
  // Files the server accepted and keeps while the form is refused: saved with the notice unless unticked.
  const kept = editing ? [] : keptUploads(refused?.values);
  const token = refused?.values?.[NOTICE_UPLOAD_FIELDS.token];
  const sendingFiles = busy && files.length + kept.length > 0;

  // Closing or reloading the tab while the notice and its files are on their way asks first.
  useEffect(() => {
    if (!sendingFiles) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sendingFiles]);

  // The draft is in this tab's sessionStorage, which the server's HTML cannot know: it is applied once the page runs.
  useEffect(() => {
    const draft = takeDraft(pathname);
    if (!draft) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- one read of an outside store after hydration
    setValues({ ...EMPTY, ...draft });
    setRestored(true);
  }, [pathname]);

  function update(field: keyof Values, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, messages follow the typing, so a fixed field stops complaining at once.
    if (checked) setChecked(noticeFormErrors(next) ?? {});
  }

  const onPart = (field: string, value: string) => update(field as keyof Values, value);
  // This B.S. year and the next (and the last, for an older notice); a year chosen before stays offered.
  const years = bsYearsAround(new Date(), 1, 1);

  /** What ties a control to its field: its name, its value, and the update as the admin types. */
  const bind = (field: keyof Values) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      update(field, event.target.value),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = noticeFormErrors(values) ?? {};
    const ticked = new FormData(event.currentTarget).getAll(NOTICE_UPLOAD_FIELDS.keep).length;
    if (files.length + ticked > NOTICE_ATTACHMENT_LIMITS.perNotice) found.attachments = ATTACHMENT_ERRORS.full.message;
    setChecked(found);
    event.preventDefault();
    if (Object.keys(found).length > 0) {
      focusFirstRefused(event.currentTarget, found);
      return;
    }
    // The text and the files go together to the page's action, as they do without JavaScript.
    const form = new FormData(event.currentTarget);
    form.set('intent', intent);
    void fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  }

  /** Beside the title and the description of a Nepali notice: text typed in Preeti converted to Unicode. */
  const preeti = (field: NoticePreetiField, fieldId: string) =>
    values.language === 'ne' ? (
      <PreetiConvertButton
        fieldId={fieldId}
        intent={NOTICE_PREETI_FIELDS[field]}
        initialNote={converted === field ? 'Converted from Preeti to Unicode.' : ''}
      />
    ) : null;

  function chooseFiles(event: ChangeEvent<HTMLInputElement>) {
    setFiles(Array.from(event.target.files ?? []));
  }

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      className="admin-form admin-panel"
      onSubmit={onSubmit}
      noValidate
    >
      {/* A refusal stays written here until the form is sent again (no toast that goes away by itself). */}
      <WriteStatus result={(result && !result.ok ? result : lasting) ?? pageResult} />
      {token ? <input type="hidden" name={NOTICE_UPLOAD_FIELDS.token} value={token} /> : null}
      {restored ? (
        <p className="field__hint" role="status">
          What you had typed before signing in again is back in the form. Check it and press{' '}
          {editing ? 'Save changes' : 'Add notice'}.
        </p>
      ) : null}
      {hydrated ? null : (
        // Without JavaScript the form has more than one submit button, and Enter in a field presses the first:
        // this one, which saves (never 'Convert from Preeti'). Hidden: the visible one is at the end.
        <button type="submit" name="intent" value={intent} className="sr-only" tabIndex={-1} aria-hidden="true">
          {editing ? 'Save changes' : 'Add notice'}
        </button>
      )}
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <AdminField label="Title" error={errors.title}>
        {(control) => (
          <>
            <input
              {...control}
              className="field__input"
              {...bind('title')}
              type="text"
              autoFocus={converted === 'title'}
            />
            {preeti('title', control.id)}
          </>
        )}
      </AdminField>
      <AdminField
        label="Description"
        error={errors.description}
        hint={`${words} ${words === 1 ? 'word' : 'words'} (${NOTICE_LIMITS.descriptionMinWords} to ${NOTICE_LIMITS.descriptionMaxWords})`}
      >
        {(control) => (
          <>
            <textarea
              {...control}
              className="field__input field__input--area"
              {...bind('description')}
              rows={7}
              autoFocus={converted === 'description'}
            />
            {preeti('description', control.id)}
          </>
        )}
      </AdminField>
      <AdminField label={optional('Link')} error={errors.link}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            {...bind('link')}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
        )}
      </AdminField>
      <AdminField label="Category" error={errors.category}>
        {(control) => (
          <select {...control} className="field__input" {...bind('category')}>
            {NOTICE_CATEGORIES.map((c) => (
              <option key={c.key} value={c.key}>
                {c.label}
              </option>
            ))}
          </select>
        )}
      </AdminField>
      <AdminField label="Language" error={errors.language}>
        {(control) => (
          <select {...control} className="field__input" {...bind('language')}>
            <option value="en">English</option>
            <option value="ne">Nepali (नेपाली)</option>
          </select>
        )}
      </AdminField>
      <AdminField label={optional('Reference number (चलानी नं.)')} error={errors.referenceNo}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            {...bind('referenceNo')}
            type="text"
            maxLength={NOTICE_LIMITS.referenceNoMaxChars}
          />
        )}
      </AdminField>
      {/* B.S. first: day, month and year choices (no script needed), the A.D. day beside. */}
      <BsDateField
        name="publishAt"
        label={optional('Publish at')}
        value=""
        years={years}
        optional
        parts={values}
        onPart={onPart}
        error={errors.publishAt}
        hint="Nepal time. Empty: now. A later time schedules the notice: it stays off the website until then."
      >
        <label className="bs-date-field__time">
          <span aria-hidden="true">at</span>
          <span className="sr-only">Time (Nepal time)</span>
          <input
            className="field__input"
            {...bind('publishAtTime')}
            type="time"
            data-field="publishAt"
            aria-invalid={errors.publishAt ? true : undefined}
          />
        </label>
      </BsDateField>
      <BsDateField
        name="pinnedUntil"
        label={optional('Pinned until')}
        value=""
        years={years}
        optional
        parts={values}
        onPart={onPart}
        error={errors.pinnedUntil}
        hint="Shown first, with a Pinned badge, to the end of this day (Nepal time)."
      />
      {/* Attached while creating; the edit page lists and removes them (not in this form). */}
      {editing ? null : (
        <>
          {kept.length > 0 ? (
            <fieldset className="notice-kept">
              <legend className="field__label">Already attached</legend>
              <p className="field__hint">Checked and kept: saved with the notice. Untick a file to leave it out.</p>
              <ul className="notice-kept__list">
                {kept.map((file) => (
                  <li key={file.key}>
                    <label className="notice-kept__file">
                      <input type="checkbox" name={NOTICE_UPLOAD_FIELDS.keep} value={file.key} defaultChecked />{' '}
                      {file.name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
          <AttachmentsInput
            key={fileField}
            error={errors.attachments}
            busy={busy}
            maxImageBytes={maxImageBytes}
            onChange={chooseFiles}
          />
          {sendingFiles ? (
            <div className="admin-upload__progress">
              <progress aria-label="Upload progress" />
              <span className="admin-upload__status" role="status">
                Sending the notice and its files…
              </span>
            </div>
          ) : null}
        </>
      )}
      <SubmitButton busy={busy} label={editing ? 'Save changes' : 'Add notice'} intent={intent} />
    </fetcher.Form>
  );
}
