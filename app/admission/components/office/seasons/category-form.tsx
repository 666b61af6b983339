import type { ScholarshipCategory } from '#common/admission/admission-season.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { SubmitButton } from '#app/components/admin/submit-button.tsx';
import { SeasonField, SeasonWriteForm } from './season-write-form.tsx';

/** A scholarship category of the season: its name and the proof it asks for, in English and Nepali. */
export function CategoryForm({
  category,
  pageResult,
}: {
  category: ScholarshipCategory | null;
  pageResult: WriteResult | undefined;
}) {
  const c = category ?? { nameEn: '', nameNe: '', proofEn: '', proofNe: '' };
  return (
    <SeasonWriteForm
      formKey={category ? `category-${category.id}` : 'new-category'}
      intent={category ? 'update-category' : 'add-category'}
      pageResult={pageResult}
      emptyAfterSave={!category}
      label={category ? `Category ${category.nameEn}` : 'New category'}
      className="admin-form admin-panel season-category"
    >
      {(state) => (
        <>
          {category ? <input type="hidden" name="id" value={category.id} /> : null}
          <div className="season-row">
            <SeasonField state={state} name="nameEn" label="Category" value={c.nameEn} />
            <SeasonField state={state} name="nameNe" label="Category in Nepali" value={c.nameNe} lang="ne" />
          </div>
          <div className="season-row">
            <SeasonField state={state} name="proofEn" label="Proof asked for" value={c.proofEn} />
            <SeasonField state={state} name="proofNe" label="Proof in Nepali" value={c.proofNe} lang="ne" />
          </div>
          <SubmitButton
            busy={state.busy}
            small={Boolean(category)}
            label={category ? 'Save category' : 'Add category'}
          />
        </>
      )}
    </SeasonWriteForm>
  );
}
