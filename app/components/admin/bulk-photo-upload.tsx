import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { BULK_PHOTOS_MAX } from '#common/gallery.ts';
import { useHydrated } from '#app/lib/admin-hydrated.ts';
import { uploadFile } from '#app/lib/upload.ts';
import { IMAGE_ACCEPT } from './image-upload-form.tsx';

type FileState =
  | { kind: 'waiting' }
  | { kind: 'sending'; percent: number }
  | { kind: 'processing' }
  | { kind: 'done' }
  | { kind: 'refused'; reason: string };

interface Row {
  file: File;
  state: FileState;
}

/** Files sent at once: the server processes photos in the background, so more would only queue there. */
const PARALLEL = 2;

const stateText = (state: FileState): string => {
  switch (state.kind) {
    case 'waiting':
      return 'Waiting';
    case 'sending':
      return `Sending ${state.percent}%`;
    case 'processing':
      return 'Processing';
    case 'done':
      return 'Added';
    case 'refused':
      return `Refused: ${state.reason}`;
  }
};

/**
 * Several photos at once (a phone's picker, a folder's worth on a computer), with JavaScript only: each file
 * goes to the album's upload API on its own, with its own progress and result, two at a time, and a refused
 * one can be sent again alone. Without JavaScript the page's one-photo form stays.
 */
export function BulkPhotoUpload({ apiPath }: { apiPath: string }) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState<Row[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const rowsRef = useRef<Row[]>([]);
  const revalidator = useRevalidator();

  function setState(index: number, state: FileState) {
    rowsRef.current = rowsRef.current.map((row, i) => (i === index ? { ...row, state } : row));
    setRows(rowsRef.current);
  }

  async function send(index: number): Promise<void> {
    const row = rowsRef.current[index];
    if (!row) return;
    setState(index, { kind: 'sending', percent: 0 });
    try {
      await uploadFile(apiPath, row.file, {
        onProgress: (p) => setState(index, { kind: 'sending', percent: Math.round((p.fraction ?? 0) * 100) }),
        onSent: () => setState(index, { kind: 'processing' }),
      });
      setState(index, { kind: 'done' });
    } catch (err) {
      setState(index, { kind: 'refused', reason: err instanceof Error ? err.message : String(err) });
    }
  }

  async function sendAll(indexes: number[]): Promise<void> {
    const queue = [...indexes];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await send(next);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
    await revalidator.revalidate();
  }

  if (!hydrated) return null;
  return (
    <div className="bulk-upload">
      <label className="field">
        <span className="field__label">Several photos at once (up to {BULK_PHOTOS_MAX})</span>
        <input
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          className="field__input"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            setTooMany(files.length > BULK_PHOTOS_MAX);
            if (files.length === 0 || files.length > BULK_PHOTOS_MAX) return;
            rowsRef.current = files.map((file) => ({ file, state: { kind: 'waiting' } }));
            setRows(rowsRef.current);
            void sendAll(files.map((_, i) => i));
          }}
        />
      </label>
      {tooMany ? <p className="field__error">Choose at most {BULK_PHOTOS_MAX} photos at once.</p> : null}
      {rows.length > 0 ? (
        <ul className="bulk-upload__list" aria-label="Photos being added">
          {rows.map((row, index) => (
            <li key={index} className={`bulk-upload__row bulk-upload__row--${row.state.kind}`}>
              <span className="bulk-upload__name">{row.file.name}</span>
              <progress
                max={100}
                value={row.state.kind === 'sending' ? row.state.percent : row.state.kind === 'waiting' ? 0 : 100}
                aria-label={`Progress of ${row.file.name}`}
              />
              <span role="status">{stateText(row.state)}</span>
              {row.state.kind === 'refused' ? (
                <button type="button" className="button button--small" onClick={() => void sendAll([index])}>
                  Retry {row.file.name}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
