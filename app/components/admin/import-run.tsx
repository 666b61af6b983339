import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import type { ImportRunView } from '#common/import.ts';
import { formatDateTime } from '#app/lib/admin/admin-format.ts';
import { ConfirmedPostButton } from './use-confirmed-post.tsx';

/** How often the page asks again while an import runs (with JavaScript; without it, the Refresh link). */
const POLL_MS = 2000;

/** An address of this site in a line (' → /gallery/sports-week: 4 photos'), shown as a link. */
const OWN_ADDRESS = /(?<= → )(\/(?:gallery|notices)\/[^\s:]+)/u;

function Line({ text }: { text: string }) {
  const [before, address, after] = text.split(OWN_ADDRESS);
  if (address === undefined) return <>{text}</>;
  return (
    <>
      {before}
      <a href={address}>{address}</a>
      {after}
    </>
  );
}

/** Lines as the CLI prints them: an indented line belongs to the heading above it. */
function Lines({ lines, label }: { lines: string[]; label: string }) {
  return (
    <ul className="import-lines" aria-label={label}>
      {lines.map((line, i) => (
        <li key={i} className={line.startsWith('  ') ? 'import-lines__sub' : undefined}>
          <Line text={line.trim()} />
        </li>
      ))}
    </ul>
  );
}

/** The Import button: asks first, saying what will be published, then starts the import. */
function StartButton({ run, again }: { run: ImportRunView; again: boolean }) {
  return (
    <ConfirmedPostButton
      name={`import-${run.id}`}
      question={again ? 'Start this import again?' : `Import ${run.toImport} posts and galleries?`}
      consequence={
        <p>
          {again
            ? 'The posts and galleries not imported yet are published now, as notices with their files and as albums. Those already imported are left as they are.'
            : `${run.toImport} posts and galleries are published on the public site now: the posts as notices, each with its PDFs and images, in the categories shown above, and the galleries as albums, each photo shown once it is processed. The old site's addresses of those posts, pages and files lead to them.`}{' '}
          Notices and albums can be edited or deleted afterwards like any other.
        </p>
      }
      fields={{ intent: 'start', id: run.id }}
      confirmLabel={again ? 'Import the rest' : 'Import'}
      label={again ? 'Import the rest' : 'Import'}
      busyLabel="Starting…"
      className="import-start"
      buttonClassName="button button--primary"
    />
  );
}

/** The latest import: its dry run with the Import button, its progress while it runs, its report at the end. */
export function ImportRun({ run }: { run: ImportRunView }) {
  const revalidator = useRevalidator();
  const running = run.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  return (
    <section className="admin-panel import-run" aria-labelledby="import-run-title">
      {run.status === 'planned' ? (
        <>
          <h2 id="import-run-title">Dry run: what would be imported</h2>
          <p className="import-run__note">Nothing has been written yet.</p>
          <Lines lines={run.planLines} label="What becomes what" />
          {run.toImport > 0 ? (
            <StartButton run={run} again={false} />
          ) : (
            <p>Nothing to import: every published post and gallery of this export is already here.</p>
          )}
        </>
      ) : running ? (
        <>
          <h2 id="import-run-title">Importing…</h2>
          <progress max={Math.max(run.total, 1)} value={run.done} aria-label="Import progress" />
          <p role="status">
            {run.done} of {run.total} posts and galleries gone through.
          </p>
          <p className="import-run__note">
            The import goes on if you leave this page. <a href="/admin/import">Refresh</a> to see how far it has gone.
          </p>
        </>
      ) : (
        <>
          <h2 id="import-run-title">
            {run.status === 'done' ? 'Import finished' : run.status === 'stopped' ? 'Import stopped' : 'Import failed'}
          </h2>
          <p className="import-run__note">
            {run.finishedAt ? `Ended ${formatDateTime(run.finishedAt)}. ` : ''}
            {run.status === 'stopped'
              ? `The server stopped during the import, after ${run.done} of ${run.total} posts. Each post was imported whole or not at all.`
              : null}
          </p>
          {run.reportLines ? <Lines lines={run.reportLines} label="Import report" /> : null}
          {run.status !== 'done' ? <StartButton run={run} again /> : null}
          <details className="import-run__plan">
            <summary>What the dry run showed</summary>
            <Lines lines={run.planLines} label="What became what" />
          </details>
        </>
      )}
    </section>
  );
}
