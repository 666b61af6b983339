import type { BannerSlide } from '#common/site-content/banner.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { DeleteButton } from './delete-button.tsx';
import { MoveButtons } from './move-buttons.tsx';
import { SectionForm } from './section-form.tsx';
import { TextPairField } from './text-pair-field.tsx';
import { SubmitButton } from './submit-button.tsx';

/** A slide's description, edited in place and saved from the banner's version the page shows. */
function SlideDescription({
  slide,
  n,
  version,
  pageResult,
}: {
  slide: BannerSlide;
  n: number;
  version: number;
  pageResult: WriteResult | undefined;
}) {
  return (
    <SectionForm
      key={version}
      intent="slide"
      formKey={`slide-${slide.id}`}
      version={version}
      pageResult={pageResult}
      hidden={{ id: slide.id }}
      className="admin-form banner-slide__form"
      label={`Description of slide ${n}`}
    >
      {(fields) => (
        <>
          <TextPairField label="Description" name="alt" stored={slide.alt} fields={fields} />
          <SubmitButton busy={fields.busy} label="Save description" small />
        </>
      )}
    </SectionForm>
  );
}

interface BannerSlidesProps {
  slides: BannerSlide[];
  /** The banner's version: a description saved from an older one is refused as stale. */
  version: number;
  pageResult: WriteResult | undefined;
}

/** The banner's slides in their rotation order, each with its picture, its description and its buttons. */
export function BannerSlides({ slides, version, pageResult }: BannerSlidesProps) {
  return (
    <ol className="banner-slides" aria-label="Banner slides">
      {slides.map((slide, index) => {
        const n = index + 1;
        const descriptionId = `slide-${slide.id}-alt`;
        return (
          <li key={slide.id} className="banner-slide admin-panel">
            <img
              className="banner-slide__img"
              src={slide.picture.src}
              width={slide.picture.width}
              height={slide.picture.height}
              alt=""
              loading="lazy"
            />
            <div className="banner-slide__text">
              <p className="banner-slide__title">
                Slide {n}
                {slide.picture.isDefault ? (
                  <span className="field__optional"> (drawing shipped with the site)</span>
                ) : null}
              </p>
              <p id={descriptionId} className="banner-slide__alt">
                {slide.alt.en}
              </p>
              {slide.alt.ne ? (
                <p className="banner-slide__alt" lang="ne">
                  {slide.alt.ne}
                </p>
              ) : null}
            </div>
            <div className="banner-slide__buttons">
              <MoveButtons
                intent="move"
                id={slide.id}
                version={version}
                itemName={`Slide ${n}`}
                isFirst={index === 0}
                isLast={index === slides.length - 1}
              />
              <DeleteButton
                id={slide.id}
                question="Delete this slide?"
                consequence={
                  <p>
                    Slide {n} ({slide.alt.en}) will be removed from the home page banner.
                  </p>
                }
                label={`Delete slide ${n}`}
                describedBy={descriptionId}
              />
            </div>
            <SlideDescription slide={slide} n={n} version={version} pageResult={pageResult} />
          </li>
        );
      })}
    </ol>
  );
}
