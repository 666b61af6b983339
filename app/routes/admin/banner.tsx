import { useActionData } from 'react-router';
import { NewSlideSchema } from '#common/site-content/banner.ts';
import { CONTENT_LIMITS } from '#common/site-content/limits.ts';
import { AdminField } from '#app/components/admin/admin-field.tsx';
import { BannerSlides } from '#app/components/admin/banner-slides.tsx';
import { ImageUploadForm } from '#app/components/admin/image-upload-form.tsx';
import { PreetiConvertButton } from '#app/components/admin/preeti-convert-button.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { CONTENT_WRITES } from '#app/lib/admin/admin-content-writes.server.ts';
import { fieldErrorsOf } from '#app/lib/admin/admin-form.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import type { AdminPageHandle } from '#app/lib/admin/admin-handle.ts';
import { ADMIN_MESSAGES } from '#app/lib/admin/admin-messages.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import type { FieldErrors, FormValues } from '#app/lib/admin/admin-result.ts';
import '#app/styles/admin-site-content.css';
import type { Route } from './+types/banner';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Banner', matches);
export const handle = { imageList: true } satisfies AdminPageHandle;

export async function loader({ context }: Route.LoaderArgs) {
  await requirePermission(context, 'content.edit');
  return {
    banner: await context.services.content.get('banner'),
    maxUploadBytes: context.services.images.limits.maxBytes,
  };
}

export const action = (args: Route.ActionArgs) => adminAction(args, CONTENT_WRITES.banner);

/** The description's fields as the upload sends them (`alt`, `altNe`), checked with the server's schema. */
function checkDescription(values: FormValues): FieldErrors | null {
  const refused = fieldErrorsOf(NewSlideSchema, { alt: { en: values.alt ?? '', ne: values.altNe ?? '' } });
  if (!refused) return null;
  const errors: FieldErrors = {};
  if (refused['alt.en']) errors.alt = refused['alt.en'];
  if (refused['alt.ne']) errors.altNe = refused['alt.ne'];
  return errors;
}

export default function BannerPage({ loaderData }: Route.ComponentProps) {
  const { banner, maxUploadBytes } = loaderData;
  const pageResult = useActionData<typeof action>();
  const typed = pageResult && !pageResult.ok ? pageResult.values : undefined;
  const full = banner.slides.length >= CONTENT_LIMITS.bannerSlidesMax;
  return (
    <section className="admin-page" aria-labelledby="banner-title">
      <header className="admin-page__header">
        <div>
          <h1 id="banner-title">Banner</h1>
          <p className="admin-page__lead">
            The photos that take turns at the top of the home page, in this order ({CONTENT_LIMITS.bannerSlidesMin} to{' '}
            {CONTENT_LIMITS.bannerSlidesMax}). {banner.slides.length} {banner.slides.length === 1 ? 'slide' : 'slides'}.
          </p>
        </div>
      </header>
      <WriteStatus result={pageResult} />
      <BannerSlides slides={banner.slides} version={banner.version} pageResult={pageResult} />
      <section className="admin-panel" aria-labelledby="new-slide-title">
        <h2 id="new-slide-title" className="college-form__heading">
          Add a slide
        </h2>
        {full ? (
          <p className="admin-note">
            The banner holds at most {CONTENT_LIMITS.bannerSlidesMax} slides. Delete one first.
          </p>
        ) : (
          <ImageUploadForm
            apiPath="/api/admin/content/banner/slides"
            maxUploadBytes={maxUploadBytes}
            label="Slide photo"
            pageResult={pageResult}
            messages={ADMIN_MESSAGES.content}
            checkExtra={checkDescription}
            extraFields={(errors) => (
              <>
                <AdminField
                  label="Description of the photo"
                  hint="What the photo shows, for visitors who cannot see it (screen readers read it aloud)."
                  error={errors.alt}
                >
                  {(control) => (
                    <input
                      {...control}
                      className="field__input"
                      type="text"
                      name="alt"
                      defaultValue={typed?.alt ?? ''}
                    />
                  )}
                </AdminField>
                <AdminField
                  label={
                    <>
                      Description in Nepali <span className="field__optional">(optional)</span>
                    </>
                  }
                  error={errors.altNe}
                >
                  {(control) => (
                    <>
                      <input
                        {...control}
                        className="field__input"
                        type="text"
                        name="altNe"
                        lang="ne"
                        defaultValue={typed?.altNe ?? ''}
                      />
                      {/* Text typed in the legacy Preeti font arrives as Latin letters; with script, one click converts it. */}
                      <PreetiConvertButton fieldId={control.id} />
                    </>
                  )}
                </AdminField>
              </>
            )}
          />
        )}
      </section>
    </section>
  );
}
