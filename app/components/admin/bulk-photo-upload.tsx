import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatMegabytes } from '#common/bytes.ts';
import { imageTooLargeMessage } from '#common/image.ts';
import { BULK_PHOTOS_MAX, type PhotoState } from '#common/gallery.ts';
import { useHydrated } from '#app/lib/admin/admin-hydrated.ts';
import { api } from '#app/lib/api-client.ts';
import { overLimit } from '#app/lib/enhance/file-checks.ts';
import { uploadFile } from '#app/lib/upload.ts';
import { IMAGE_ACCEPT } from './image-upload-form.tsx';

type FileState =
  | { kind: 'waiting' }
  | { kind: 'sending'; percent: number }
  | { kind: 'processing'; id?: string }
  | { kind: 'done' }
  | { kind: 'refused'; reason: string; id?: string };

interface Row {
  file: File;
  state: FileState;
}

/** Files sent at once: the server processes photos in the background, so more would only queue there. */
const PARALLEL = 2;
/** How often the states of photos the server is still processing are asked for. */
const POLL_MS = 2000;

const stateText = (state: FileState): string => {
  switch (state.kind) {
    case 'waiting':
      return 'Waiting';
    case 'sending':
      return `Sending ${state.percent}%`;
    case 'processing':
      return state.id ? 'Processing on the server' : 'Sent';
    case 'done':
      return 'Ready';
    case 'refused':
      return `Refused: ${state.reason}`;
  }
};

/**
 * Several photos at once (a phone's picker, a folder's worth on a computer), with JavaScript only: each file
 * goes to the album's upload API on its own, with its own progress, two at a time; the server answers at once
 * and processes it in the background, and this asks for its state until it is ready or failed (with the
 * reason). A refused or failed one can be sent again alone. The page can be left: the processing goes on, and
 * the page lists what is still processing or failed. Without JavaScript it is a plain form of several files
 * (see PlainBulkForm).
 */
export function BulkPhotoUpload({
  apiPath,
  albumId,
  maxUploadBytes,
  maxPostBytes,
  error,
}: {
  apiPath: string;
  albumId: string;
  /** The server's limit of one photo: a photo over it is refused as it is chosen, never sent. */
  maxUploadBytes: number;
  /** What one post of the page's form may carry in all (its files together). */
  maxPostBytes: number;
  /** The page's answer to the plain form's files, when it refused them. */
  error: string | undefined;
}) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState<Row[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const rowsRef = useRef<Row[]>([]);
  const [pollTurn, setPollTurn] = useState(0);
  const revalidator = useRevalidator();

  function setState(index: number, state: FileState) {
    rowsRef.current = rowsRef.current.map((row, i) => (i === index ? { ...row, state } : row));
    setRows(rowsRef.current);
  }

  async function send(index: number): Promise<void> {
    const row = rowsRef.current[index];
    if (!row) return;
    // A photo that failed in processing is sent again as a new one: its failed entry goes first.
    const failedId = row.state.kind === 'refused' ? row.state.id : undefined;
    setState(index, { kind: 'sending', percent: 0 });
    try {
      if (failedId) await api('/api/admin/photos/delete', { method: 'POST', json: { ids: [failedId] } });
      const queued = await uploadFile<PhotoState>(apiPath, row.file, {
        onProgress: (p) => setState(index, { kind: 'sending', percent: Math.round((p.fraction ?? 0) * 100) }),
        onSent: () => setState(index, { kind: 'processing' }),
      });
      setState(index, { kind: 'processing', id: queued.id });
    } catch (err) {
      setState(index, { kind: 'refused', reason: err instanceof Error ? err.message : String(err) });
    }
  }

  // Asks where the photos being processed stand until none is left; the album's lists are read again when any
  // became ready or failed.
  const processing = rows.flatMap((row) => (row.state.kind === 'processing' && row.state.id ? [row.state.id] : []));
  const waitingFor = processing.join(',');
  useEffect(() => {
    if (waitingFor === '') return;
    const timer = setTimeout(() => {
      api<{ photos: PhotoState[] }>(`/api/admin/photos/states?ids=${waitingFor}`)
        .then(({ photos }) => {
          const byId = new Map(photos.map((p) => [p.id, p]));
          let changed = false;
          rowsRef.current = rowsRef.current.map((row) => {
            if (row.state.kind !== 'processing' || !row.state.id) return row;
            const found = byId.get(row.state.id);
            if (found?.state === 'processing') return row;
            changed = true;
            if (found?.state === 'ready') return { ...row, state: { kind: 'done' } };
            const reason = found ? found.failure : 'It was deleted before it was processed.';
            return { ...row, state: { kind: 'refused', reason, ...(found ? { id: found.id } : {}) } };
          });
          setRows(rowsRef.current);
          if (changed) void revalidator.revalidate();
        })
        // A failed look is simply asked again at the next turn: the rows keep saying "Processing" meanwhile.
        .catch(() => undefined)
        .finally(() => setPollTurn((n) => n + 1));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waitingFor, pollTurn]); // eslint-disable-line react-hooks/exhaustive-deps

  async function sendAll(indexes: number[]): Promise<void> {
    const queue = [...indexes];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await send(next);
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
  }

  if (!hydrated) return <PlainBulkForm albumId={albumId} maxPostBytes={maxPostBytes} error={error} />;
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
            rowsRef.current = files.map((file) => ({
              file,
              state: overLimit(file, maxUploadBytes)
                ? { kind: 'refused', reason: imageTooLargeMessage(maxUploadBytes) }
                : { kind: 'waiting' },
            }));
            setRows(rowsRef.current);
            void sendAll(rowsRef.current.flatMap((row, i) => (row.state.kind === 'waiting' ? [i] : [])));
          }}
        />
      </label>
      {tooMany ? <p className="field__error">Choose at most {BULK_PHOTOS_MAX} photos at once.</p> : null}
      {rows.length > 0 ? (
        <ul className="bulk-upload__list" aria-label="Photos being added">
          {rows.map((row, index) => (
            <li key={index} className={`bulk-upload__row bulk-upload__row--${row.state.kind}`}>
              <span className="bulk-upload__name">{row.file.name}</span>
              {row.state.kind === 'processing' && row.state.id ? (
                // Processing has no measure of its own: an indeterminate bar.
                <progress aria-label={`Progress of ${row.file.name}`} />
              ) : (
                <progress
                  max={100}
                  value={row.state.kind === 'sending' ? row.state.percent : row.state.kind === 'waiting' ? 0 : 100}
                  aria-label={`Progress of ${row.file.name}`}
                />
              )}
              <span role="status">{stateText(row.state)}</span>
              {row.state.kind === 'refused' && !overLimit(row.file, maxUploadBytes) ? (
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

/**
 * Without JavaScript: a multiple-file input in a plain form posted to the page, which queues each photo on its
 * own and names any it refused. One post carries at most what a page form may (the files together), so the
 * limit is said beside the field.
 */
function PlainBulkForm({ albumId, maxPostBytes, error }: { albumId: string; maxPostBytes: number; error?: string }) {
  return (
    <form method="post" encType="multipart/form-data" className="bulk-upload bulk-upload--plain">
      <input type="hidden" name="intent" value="upload-many" />
      <input type="hidden" name="albumId" value={albumId} />
      <label className="field">
        <span className="field__label">Several photos at once (up to {BULK_PHOTOS_MAX})</span>
        <span className="field__hint" id="bulk-plain-hint">
          Up to {formatMegabytes(maxPostBytes)} together in one sending.
        </span>
        <input
          type="file"
          name="files"
          multiple
          accept={IMAGE_ACCEPT}
          className="field__input"
          aria-describedby={error ? 'bulk-plain-hint bulk-plain-error' : 'bulk-plain-hint'}
          aria-invalid={error ? true : undefined}
        />
      </label>
      {error ? (
        <p className="field__error" id="bulk-plain-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn">
        Upload the photos
      </button>
    </form>
  );
}
