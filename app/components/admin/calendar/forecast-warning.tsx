import { Link } from 'react-router';
import { forecastYearsPhrase } from '#common/dates/bs-forecast.ts';

/**
 * Says that a season's dates fall in a B.S. year whose month lengths are a forecast (not yet checked against
 * the printed government calendar), so a date may fall on another A.D. day; links to the calendar page for
 * those who may confirm the year (owners), and asks the others to have an owner do it.
 */
export function ForecastWarning({
  seasonName,
  years,
  mayConfirm,
}: {
  seasonName: string;
  years: readonly number[];
  mayConfirm: boolean;
}) {
  if (years.length === 0) return null;
  return (
    <p className="forecast-warning" role="note">
      <strong>Dates not yet checked:</strong> season {seasonName} has dates in {forecastYearsPhrase(years)}, whose month
      lengths are not yet checked against the government&apos;s calendar; a date may fall on another day.{' '}
      {mayConfirm ? (
        <Link to="/admin/calendar">Confirm {years.length === 1 ? 'it' : 'them'} on the B.S. calendar page</Link>
      ) : (
        `Ask an owner to confirm ${years.length === 1 ? 'it' : 'them'} on the B.S. calendar page`
      )}
      .
    </p>
  );
}
