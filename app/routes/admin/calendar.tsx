import { useActionData, useNavigation } from 'react-router';
import { BsCorrectionForm } from '#app/components/admin/calendar/bs-correction-form.tsx';
import { BsYearCard } from '#app/components/admin/calendar/bs-year-card.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin-action.server.ts';
import { CALENDAR_WRITES } from '#app/lib/admin-calendar-writes.server.ts';
import { requirePermission } from '#app/lib/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin-meta.ts';
import '#app/styles/admin-calendar.css';
import type { Route } from './+types/calendar';

export const meta: Route.MetaFunction = () => adminMeta('B.S. calendar');

/** The years around now and every corrected year; `?year=` opens the correction form of one of them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requirePermission(context, 'calendar.edit');
  const calendar = await context.services.calendar.calendar();
  const chosen = Number(new URL(request.url).searchParams.get('year'));
  return { ...calendar, chosen: calendar.years.find((year) => year.year === chosen) ?? null };
}

export const action = (args: Route.ActionArgs) => adminAction(args, CALENDAR_WRITES);

export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { years, lastYear, chosen } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const values = result?.values;
  const fieldErrors = result && !result.ok ? result.fieldErrors : undefined;
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
          <BsYearCard key={year.year} year={year} busy={busy} />
        ))}
      </div>
    </section>
  );
}
