import { Link } from 'react-router';
import type { Checklist } from '#common/site-content/site.ts';

/**
 * The dashboard's setup list: each default text or picture the college has not replaced yet, with a link
 * to the page that edits it; once every one is replaced, a single line says so.
 */
export function SetupChecklist({ checklist }: { checklist: Checklist }) {
  const todo = checklist.items.filter((item) => !item.done);
  if (todo.length === 0) {
    return (
      <p className="admin-note setup-checklist__done">
        Setup complete: every default text and picture has been replaced with the college’s own.
      </p>
    );
  }
  const total = checklist.items.length;
  return (
    <section className="admin-panel setup-checklist" aria-labelledby="setup-checklist-title">
      <h2 id="setup-checklist-title" className="college-form__heading">
        Finish setting up the website
      </h2>
      <p className="field__hint">
        {total - todo.length} of {total} done. The website still shows these defaults:
      </p>
      <ul className="setup-checklist__items">
        {todo.map((item) => (
          <li key={item.id}>
            <Link to={item.page}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
