import {
  type RouteVitals,
  VITAL_NAMES,
  VITAL_THRESHOLDS,
  type VitalName,
  type VitalRating,
  rateVital,
} from '#common/vitals/vitals.ts';

const RATING_LABEL: Record<VitalRating, string> = {
  good: 'Good',
  'needs-improvement': 'Needs improvement',
  poor: 'Poor',
};

const METRIC_TITLE: Record<VitalName, string> = {
  LCP: 'Largest paint',
  INP: 'Response to input',
  CLS: 'Layout shift',
  TTFB: 'Server response',
};

export function formatVital(name: VitalName, value: number): string {
  if (name === 'CLS') return value.toFixed(2);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

function VitalCell({ name, value, samples }: { name: VitalName; value: number | null; samples: number }) {
  if (value === null) return <td className="vitals__cell vitals__cell--none">No data</td>;
  const rating = rateVital(name, value);
  return (
    <td className={`vitals__cell vitals__cell--${rating}`}>
      <span className="vitals__value">{formatVital(name, value)}</span>
      <span className="vitals__rating">{RATING_LABEL[rating]}</span>
      <span className="vitals__samples">{samples === 1 ? '1 visit' : `${samples} visits`}</span>
    </td>
  );
}

/** One window's 75th percentiles, one row per route, each cell rated against web.dev's "good" threshold. */
export function VitalsTable({ days, routes }: { days: number; routes: RouteVitals[] }) {
  const id = `vitals-${days}`;
  return (
    <section className="vitals" aria-labelledby={id}>
      <h2 id={id}>Last {days} days</h2>
      {routes.length === 0 ? (
        <p className="vitals__empty">No measurements in the last {days} days yet.</p>
      ) : (
        // The table may be wider than a phone: the scrolling box takes focus so it scrolls from the keyboard too.
        <div className="vitals__scroll" tabIndex={0} role="region" aria-label={`Last ${days} days, scrolls sideways`}>
          <table className="vitals__table">
            <caption className="sr-only">75th percentile per page over the last {days} days</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                {VITAL_NAMES.map((name) => (
                  <th scope="col" key={name}>
                    {METRIC_TITLE[name]} ({name})
                    <span className="vitals__goal">good at most {formatVital(name, VITAL_THRESHOLDS[name].good)}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {routes.map((row) => (
                <tr key={row.route}>
                  <th scope="row">
                    <code>{row.route}</code>
                  </th>
                  {VITAL_NAMES.map((name) => (
                    <VitalCell key={name} name={name} value={row.p75[name]} samples={row.samples[name]} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
