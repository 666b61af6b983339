import { APPLICATION_STATES, PAYMENT_STATES } from '#common/admission/application.ts';
import { type ApplicationsPage, PAYMENT_LABELS, STATE_LABELS } from '#common/admission/application-office.ts';

/** The list's filters as a GET form: the address keeps them, so a filtered list can be bookmarked or shared. */
export function ApplicationFilters({
  page,
  typed,
  problem,
}: {
  page: ApplicationsPage;
  /** The values as typed (kept when the server refused one). */
  typed: Record<string, string>;
  problem: string | null;
}) {
  const value = (name: string) => typed[name] ?? '';
  return (
    <form method="get" className="applications-filter" aria-label="Filter the applications">
      <label className="applications-filter__field applications-filter__field--wide">
        <span>Search</span>
        <input
          type="search"
          name="q"
          defaultValue={value('q')}
          maxLength={100}
          placeholder="Name, symbol number, reference or mobile"
        />
      </label>
      <label className="applications-filter__field">
        <span>Season</span>
        <select name="season" defaultValue={page.season?.id ?? ''}>
          {page.seasons.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="applications-filter__field">
        <span>Programme</span>
        <select name="programme" defaultValue={value('programme')}>
          <option value="">Every programme</option>
          {page.programmes.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nameEn}
            </option>
          ))}
        </select>
      </label>
      <label className="applications-filter__field">
        <span>State</span>
        <select name="state" defaultValue={value('state')}>
          <option value="">Every state</option>
          {APPLICATION_STATES.map((s) => (
            <option key={s} value={s}>
              {STATE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="applications-filter__field">
        <span>Eligible</span>
        <select name="eligible" defaultValue={value('eligible')}>
          <option value="">Either</option>
          <option value="yes">Eligible</option>
          <option value="no">Not eligible</option>
        </select>
      </label>
      <label className="applications-filter__field">
        <span>Fee</span>
        <select name="payment" defaultValue={value('payment')}>
          <option value="">Any payment</option>
          {PAYMENT_STATES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="applications-filter__field">
        <span>Scholarship</span>
        <select name="category" defaultValue={value('category')}>
          <option value="">Any or none</option>
          {page.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nameEn}
            </option>
          ))}
        </select>
      </label>
      <label className="applications-filter__field">
        <span>Submitted from (B.S.)</span>
        <input name="from" defaultValue={value('from')} placeholder="2084-03-01" inputMode="numeric" size={11} />
      </label>
      <label className="applications-filter__field">
        <span>to (B.S.)</span>
        <input name="to" defaultValue={value('to')} placeholder="2084-03-31" inputMode="numeric" size={11} />
      </label>
      <button type="submit" className="button button--primary">
        Show
      </button>
      {problem ? (
        <p className="applications-filter__problem" role="alert">
          {problem} The list below is not filtered.
        </p>
      ) : null}
    </form>
  );
}
