import { useActionData, useNavigation } from 'react-router';
import { BsCorrectionForm } from '#app/components/admin/calendar/bs-correction-form.tsx';
import { BsYearCard, type ConfirmRefusal } from '#app/components/admin/calendar/bs-year-card.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { CALENDAR_WRITES } from '#app/lib/admin/admin-calendar-writes.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import '#app/styles/admin-calendar.css';
import type { Route } from './+types/calendar';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('B.S. calendar', matches);

/** The years around now and every corrected year; `?year=` opens the correction form of one of them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requirePermission(context, 'calendar.edit');
  const calendar = await context.services.calendar.calendar();
  const chosen = Number(new URL(request.url).searchParams.get('year'));
  return { ...calendar, chosen: calendar.years.find((year) => year.year === chosen) ?? null };
}

export const action = (args: Route.ActionArgs) => adminAction(args, CALENDAR_WRITES);

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { years, lastYear, currentYear, chosen } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const values = result?.values;
  const fieldErrors = result && !result.ok ? result.fieldErrors : undefined;
  const refusal: ConfirmRefusal | null =
    result && !result.ok && values?.confirmedFrom !== undefined
      ? { year: Number(values.year), typed: values.confirmedFrom, error: fieldErrors?.confirmedFrom }
      : null;
  const forecasts = years.filter((year) => year.forecast).map((year) => year.year);
  return (
    <section className="admin-page" aria-labelledby="calendar-title">
      <header className="admin-page__header">
        <div>
          <h1 id="calendar-title">B.S. calendar</h1>
          <p className="admin-page__lead">
            The days of each Bikram Sambat month, which every B.S. date on the site is converted with. They come from
            the bikram-sambat package; correct a year when the government&apos;s calendar differs. Dates up to the end
            of {lastYear} B.S. can be used.
          </p>
          <p className="admin-page__lead">
            It is {currentYear} B.S. now. Every year after it is a <strong>forecast</strong> until an owner checks its
            month lengths against the printed government calendar and confirms it here. This matters: two other
            maintained calendar packages disagree with the one in use on 5 months of 2084 B.S., so a season&apos;s dates
            in a forecast year may fall on another A.D. day than the one shown.
            {forecasts.length > 0 ? ` Not confirmed yet: ${forecasts.join(', ')} B.S.` : null}
          </p>
        </div>
      </header>
      <WriteStatus result={result} />
      {chosen ? (
        <BsCorrectionForm
          key={`${chosen.year}:${chosen.correction?.updatedAt ?? ''}:${JSON.stringify(values ?? null)}`}
          year={chosen}
          values={values}
          fieldErrors={fieldErrors}
          busy={busy}
        />
      ) : null}
      <div className="bs-years">
        {years.map((year) => (
          <BsYearCard key={year.year} year={year} busy={busy} refusal={refusal} />
        ))}
      </div>
    </section>
  );
}
