import { useState } from 'react';
import { type Album, albumSlugFrom } from '#common/gallery.ts';
import type { FieldErrors, FormValues } from '#app/lib/admin/admin-result.ts';
import { AdminField } from './admin-field.tsx';
import { BsDateField } from './bs-date-field.tsx';

/** An album's fields: its address, titles and descriptions in English and Nepali, B.S. date, shown or hidden. */
export function AlbumFields({
  album,
  years,
  values,
  errors = {},
}: {
  album?: Album;
  years: readonly [number, number];
  values?: FormValues | undefined;
  errors?: FieldErrors | undefined;
}) {
  const value = (name: string, stored: string | undefined) => String(values?.[name] ?? stored ?? '');
  // A new album's address follows its English title as it is typed, until the office types an address of its own.
  const [slug, setSlug] = useState(() => value('slug', album?.slug));
  const [slugTyped, setSlugTyped] = useState(() => Boolean(album) || value('slug', undefined) !== '');
  const text = (name: keyof Album & string, label: string, hint?: string) => (
    <AdminField label={label} error={errors[name]} hint={hint}>
      {(control) => (
        <input {...control} className="field__input" name={name} defaultValue={value(name, album?.[name] as string)} />
      )}
    </AdminField>
  );
  const area = (name: 'descriptionEn' | 'descriptionNe', label: string) => (
    <AdminField label={label} error={errors[name]}>
      {(control) => (
        <textarea
          {...control}
          className="field__input"
          name={name}
          rows={3}
          defaultValue={value(name, album?.[name])}
        />
      )}
    </AdminField>
  );
  return (
    <>
      <AdminField label="Title (English)" error={errors.titleEn}>
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="titleEn"
            defaultValue={value('titleEn', album?.titleEn)}
            onChange={(event) => {
              if (!slugTyped) setSlug(event.currentTarget.value.trim() ? albumSlugFrom(event.currentTarget.value) : '');
            }}
          />
        )}
      </AdminField>
      {text('titleNe', 'Title (Nepali)')}
      <AdminField
        label="Address"
        error={errors.slug}
        hint="Shown as /gallery/<address>: lower-case letters, digits and hyphens. Left empty, it is made from the English title."
      >
        {(control) => (
          <input
            {...control}
            className="field__input"
            name="slug"
            value={slug}
            onChange={(event) => {
              setSlugTyped(event.currentTarget.value !== '');
              setSlug(event.currentTarget.value);
            }}
          />
        )}
      </AdminField>
      <BsDateField
        name="heldOn"
        label="Date of the event (B.S.)"
        value={album?.heldOn ?? ''}
        years={years}
        optional
        error={errors.heldOn}
        parts={values as Record<string, string> | undefined}
      />
      {area('descriptionEn', 'Description (English)')}
      {area('descriptionNe', 'Description (Nepali)')}
      <label className="album-check">
        <input type="checkbox" name="published" defaultChecked={album ? album.published : true} /> Shown on the public
        gallery
      </label>
    </>
  );
}
