import { AdmissionsCall } from '#app/admission/components/admissions-block.tsx';
import { ProgrammeCard, ScholarshipQuota, SeasonDates } from '#app/admission/components/admission-season-view.tsx';
import { PageStyle } from '#app/components/page-style.tsx';
import { collegeNameOf, interfaceTextOf, pageMeta, siteUrlOf } from '#app/lib/seo.ts';
import { useSiteContent } from '#app/lib/site-content.ts';
import { programmesLd } from '#app/lib/structured-data.ts';
import admissionCss from '#app/styles/admission.css?inline';
import pagesCss from '#app/styles/pages.css?inline';
import type { Route } from './+types/admission';

export const meta: Route.MetaFunction = (args) => {
  const ui = interfaceTextOf(args.matches);
  const view = args.loaderData?.view;
  const college = collegeNameOf(args.matches);
  const siteUrl = siteUrlOf(args.matches);
  return [
    ...pageMeta(args, {
      title: view ? ui.admissionPage.heading(view.season.name) : ui.admissionPage.headingNoSeason,
      description: ui.admissionPage.intro,
    }),
    ...(view
      ? [{ 'script:ld+json': programmesLd(view.programmes, college, `${siteUrl}${args.location.pathname}`) }]
      : []),
  ];
};

export async function loader({ context }: Route.LoaderArgs) {
  const [view, admission] = await Promise.all([
    context.services.seasons.publicSeason(),
    context.services.admission.current(),
  ]);
  // Seats left per programme once the results made offers (seats less confirmed and open offers), rendered
  // with the page (no layout shift, nothing loaded after it).
  const [seatsLeft, resultsOut] = view
    ? await Promise.all([
        context.services.merit.seatsLeft(view.season.id),
        context.services.merit.resultsPublished(view.season.id),
      ])
    : [{}, false];
  return { view, admission, seatsLeft, resultsOut };
}

/**
 * The admission season as families read it: once its results are published, where to see them; its dates in
 * B.S. (A.D. beside), the status now, each
 * programme's seats, approved fees and eligibility, the scholarship quota, and the documents to bring.
 */
export default function Admission({ loaderData }: Route.ComponentProps) {
  const { view, admission, seatsLeft, resultsOut } = loaderData;
  const { ui, lang, href } = useSiteContent();
  const t = ui.admissionPage;
  const documents = view
    ? lang === 'ne' && view.season.documentsNe
      ? view.season.documentsNe
      : view.season.documentsEn
    : '';
  return (
    <main id="main" tabIndex={-1} className="page">
      <PageStyle name="pages" css={pagesCss} />
      <PageStyle name="admission" css={admissionCss} />
      <div className="container">
        <header className="page__header">
          <h1>{view ? t.heading(view.season.name) : t.headingNoSeason}</h1>
          <p>{t.intro}</p>
        </header>
        <AdmissionsCall admission={admission} />
        {resultsOut ? (
          <section className="admission-section admission-results" aria-labelledby="admission-results">
            <h2 id="admission-results">{t.resultsHeading}</h2>
            <ul>
              <li>
                <a href={href('/admission/results')}>{t.resultsLookUp}</a>
              </li>
              <li>
                <a href={href('/admission/status')}>{t.resultsStatus}</a>
              </li>
            </ul>
          </section>
        ) : null}
        {view ? (
          <>
            <SeasonDates season={view.season} />
            <section className="admission-section" aria-labelledby="admission-programmes">
              <h2 id="admission-programmes">{t.programmesHeading}</h2>
              <div className="admission-programmes">
                {view.programmes.map((p) => (
                  <ProgrammeCard key={p.id} programme={p} categories={view.categories} seatsLeft={seatsLeft[p.id]} />
                ))}
              </div>
            </section>
            <ScholarshipQuota
              season={view.season}
              categories={view.categories}
              byCategory={view.quota.byCategory}
              declared={view.quota.declared}
            />
            {documents ? (
              <section className="admission-section" aria-labelledby="admission-documents">
                <h2 id="admission-documents">{t.documentsHeading}</h2>
                <ul>
                  {documents
                    .split('\n')
                    .map((line) => line.trim())
                    .filter(Boolean)
                    .map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : (
          <p>{t.noSeason}</p>
        )}
      </div>
    </main>
  );
}
