import type { Image } from '#common/image.ts';
import { formatDate, formatDateTime } from '#app/lib/admin/admin-format.ts';
import { ResponsivePicture } from '#app/components/responsive-picture.tsx';
import { DeleteButton } from './delete-button.tsx';

interface ImageGridProps {
  images: Image[];
  /** 'Gallery photo' or 'Featured photo': names each image for screen readers and in the question. */
  noun: string;
  emptyText: string;
}

/** The images of a folder with a delete button each. */
export function ImageGrid({ images, noun, emptyText }: ImageGridProps) {
  if (images.length === 0) return <p className="admin-empty">{emptyText}</p>;
  return (
    <ul className="image-grid" aria-label={`${noun}s`}>
      {images.map((image, index) => {
        const label = `${noun} ${index + 1}, added ${formatDateTime(image.createdAt)}`;
        return (
          <li key={image.id} className="image-card">
            <a className="image-card__link" href={image.full} target="_blank" rel="noreferrer">
              <ResponsivePicture
                image={image}
                alt={label}
                sizes="(max-width: 48rem) 50vw, 16rem"
                imgClassName="image-card__img"
              />
            </a>
            <div className="image-card__meta">
              <time className="image-card__date" dateTime={image.createdAt}>
                {formatDate(image.createdAt)}
              </time>
              <DeleteButton
                id={image.id}
                question={`Delete this ${noun.toLowerCase()}?`}
                consequence={<p>{label} will be removed from the website. This cannot be undone.</p>}
                label={`Delete ${label}`}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
