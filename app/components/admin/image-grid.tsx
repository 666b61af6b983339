import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Image } from '#common/image.ts';
import { api } from '#app/lib/api-client.ts';
import { formatDate, formatDateTime } from '#app/lib/admin-format.ts';
import { ResponsivePicture } from '#app/components/responsive-picture.tsx';
import { useConfirm } from './confirm-dialog.tsx';

interface ImageGridProps {
  images: Image[];
  /** 'Gallery photo' or 'Featured photo': names each image for screen readers and in the question. */
  noun: string;
  emptyText: string;
}

/** The images of a folder with a delete button each. A failed delete is logged, and the image stays. */
export function ImageGrid({ images, noun, emptyText }: ImageGridProps) {
  const revalidator = useRevalidator();
  const { confirm, dialog } = useConfirm();
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());

  async function remove(image: Image, label: string) {
    const confirmed = await confirm({
      title: `Delete this ${noun.toLowerCase()}?`,
      message: <p>{label} will be removed from the website. This cannot be undone.</p>,
      confirmLabel: 'Delete',
    });
    if (!confirmed) return;
    setDeleting((s) => new Set(s).add(image.id));
    try {
      await api(`/api/admin/images/${encodeURIComponent(image.id)}`, { method: 'DELETE' });
    } catch (err) {
      // As specified, a failed delete is only logged; the image stays in the list.
      console.error(`Deleting ${noun.toLowerCase()} ${image.id} failed`, err);
    } finally {
      setDeleting((s) => {
        const next = new Set(s);
        next.delete(image.id);
        return next;
      });
    }
    await revalidator.revalidate();
  }

  if (images.length === 0) return <p className="admin-empty">{emptyText}</p>;

  return (
    <>
      <ul className="image-grid" aria-label={`${noun}s`}>
        {images.map((image, index) => {
          const label = `${noun} ${index + 1}, added ${formatDateTime(image.createdAt)}`;
          const busy = deleting.has(image.id);
          return (
            <li key={image.id} className="image-card" aria-busy={busy}>
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
                <button
                  type="button"
                  className="button button--danger button--small"
                  aria-label={`Delete ${label}`}
                  disabled={busy}
                  onClick={() => void remove(image, label)}
                >
                  {busy ? 'Deleting…' : 'Delete'}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {dialog}
    </>
  );
}
