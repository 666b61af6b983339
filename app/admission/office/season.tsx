import { Link, data, useActionData } from 'react-router';
import { refusalOf } from '#common/api-error.ts';
import { DeleteButton } from '#app/components/admin/delete-button.tsx';
import { CategoryForm } from '#app/admission/components/office/seasons/category-form.tsx';
import { ProgrammeForm } from '#app/admission/components/office/seasons/programme-form.tsx';
import {
  OverrideForm,
  PublishForm,
  QuotaPanel,
  SummaryNoticeForm,
} from '#app/admission/components/office/seasons/publish-panel.tsx';
import { AdmissionStatusLine } from '#app/admission/components/office/admission-status-line.tsx';
import { ForecastWarning } from '#app/components/admin/calendar/forecast-warning.tsx';
import { seasonForecastYears } from '#common/dates/bs-forecast.ts';
import { fullStop, seasonStatusLine } from '#common/admission/admission-status-line.ts';
import { PaymentForm } from '#app/admission/components/office/seasons/payment-form.tsx';
import { SeasonDetailsForm } from '#app/admission/components/office/seasons/season-details-form.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import {
  addCategory,
  addProgramme,
  deleteSeason,
  overrideSeason,
  publishSeason,
  publishSeasonSummary,
  withdrawSeason,
  removeCategory,
  removeProgramme,
  updateCategory,
  updateProgramme,
  updateSeason,
  updatePayment,
} from '#app/admission/office/season-writes.server.ts';
import { bsYearsAround } from '#app/lib/bs-date-input.ts';
import { roleMay } from '#common/policy.ts';
import '#app/styles/admin-seasons.css';
import type { Route } from './+types/season';

export const meta: Route.MetaFunction = ({ data, matches }) =>
  adminMeta(data ? `Season ${data.view.season.name}` : 'Season', matches);

export async function loader({ context, params }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'seasons.edit');
  const view = await context.services.seasons.get(actor, params.id).catch((err: unknown) => {
    // Deleted in another tab, or never there: the page says so, with a 404.
    if (refusalOf(err)?.status === 404) throw data('This season does not exist.', { status: 404 });
    throw err;
  });
  const basis = await context.services.calendar.forecastBasis();
  return {
    view,
    // The years of its dates not yet checked against the government's calendar.
    forecastYears: seasonForecastYears(view.season, basis.currentYear, basis.confirmed),
    mayConfirmYears: roleMay(actor.role, 'calendar.edit'),
    // What the public sees now, from the one computation, whichever season this is.
    admission: await context.services.admission.current(),
    years: bsYearsAround(context.services.clock.now(), 1, 2),
    mayOverride: roleMay(actor.role, 'seasons.override'),
    // The server's limit of the payment QR image, checked in the browser as it is chosen.
    maxImageBytes: context.services.images.limits.maxBytes,
  };
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    'update-season': updateSeason(args.params.id),
    'update-payment': updatePayment(args.params.id),
    'delete-season': deleteSeason(args.params.id),
    publish: publishSeason(args.params.id),
    withdraw: withdrawSeason(args.params.id),
    summary: publishSeasonSummary(args.params.id),
    override: overrideSeason(args.params.id),
    'add-programme': addProgramme(args.params.id),
    'update-programme': updateProgramme,
    'remove-programme': removeProgramme,
    'add-category': addCategory(args.params.id),
    'update-category': updateCategory,
    'remove-category': removeCategory,
  });

/** One season: its dates, scholarship categories, programmes, the quota against the law, publishing. */
export default function SeasonPage({ loaderData }: Route.ComponentProps) {
  const { view, years, mayOverride, admission, forecastYears, mayConfirmYears } = loaderData;
  const { season, programmes, categories, quota, state } = view;
  const pageResult = useActionData<typeof action>();
  return (
    <section className="admin-page" aria-labelledby="season-title">
      <header className="admin-page__header">
        <div>
          <p>
            <Link to="/admin/seasons">All seasons</Link>
          </p>
          <h1 id="season-title">Season {season.name}</h1>
          <AdmissionStatusLine admission={admission} lead="The public sees now" />
          <p className="admin-page__lead">
            {admission.source.season?.id === season.id
              ? 'Published: this season decides what the public sees.'
              : season.publishedAt
                ? 'Published, but a season opening later is the one the public sees. This season’s own status: '
                : 'Draft: not shown to the public yet. Once published, the public would see '}
            {admission.source.season?.id === season.id ? null : (
              <strong data-season-status={state.status}>{fullStop(seasonStatusLine(state, season))}</strong>
            )}
          </p>
        </div>
      </header>
      <ForecastWarning seasonName={season.name} years={forecastYears} mayConfirm={mayConfirmYears} />

      <h2>Dates and details</h2>
      <SeasonDetailsForm season={season} years={years} pageResult={pageResult} />

      <h2>Payment details</h2>
      <PaymentForm payment={view.payment} pageResult={pageResult} maxImageBytes={loaderData.maxImageBytes} />

      <h2>Scholarship categories</h2>
      {categories.map((c) => (
        <div key={c.id} className="season-item">
          <CategoryForm category={c} pageResult={pageResult} />
          <DeleteButton
            id={c.id}
            intent="remove-category"
            question={`Remove the category ${c.nameEn}?`}
            consequence="Its free seats are taken out of every programme."
            label={`Remove ${c.nameEn}`}
          />
        </div>
      ))}
      <CategoryForm category={null} pageResult={pageResult} />

      <h2>Programmes</h2>
      {programmes.map((p) => (
        <div key={p.id} className="season-item">
          <h3>{p.nameEn}</h3>
          <ProgrammeForm programme={p} categories={categories} years={years} pageResult={pageResult} />
          <DeleteButton
            id={p.id}
            intent="remove-programme"
            question={`Remove the programme ${p.nameEn}?`}
            consequence="Its seats, fees and eligibility are removed from this season."
            label={`Remove ${p.nameEn}`}
          />
        </div>
      ))}
      <h3>Add a programme</h3>
      <ProgrammeForm programme={null} categories={categories} years={years} pageResult={pageResult} />

      <h2>Scholarship quota</h2>
      <QuotaPanel quota={quota} />

      <h2>Publish</h2>
      <PublishForm season={season} quota={quota} pageResult={pageResult} />
      {season.publishedAt ? <SummaryNoticeForm pageResult={pageResult} /> : null}

      {mayOverride ? (
        <>
          <h2>Public status by hand</h2>
          <OverrideForm
            season={season}
            state={state}
            decides={admission.source.season?.id === season.id}
            pageResult={pageResult}
          />
        </>
      ) : null}

      {!season.publishedAt ? (
        <>
          <h2>Delete</h2>
          <DeleteButton
            id={season.id}
            intent="delete-season"
            question={`Delete the draft season ${season.name}?`}
            consequence="Its programmes and scholarship categories are deleted with it."
            label={`Delete season ${season.name}`}
          />
        </>
      ) : null}
    </section>
  );
}
