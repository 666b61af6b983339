import { Form, useActionData } from 'react-router';
import { useBeforeEntrance } from '#app/admission/components/office/before-entrance.tsx';
import { BsDateField } from '#app/components/admin/bs-date-field.tsx';
import { SeasonTabs } from '#app/admission/components/office/season-tabs.tsx';
import { WriteStatus } from '#app/components/admin/write-status.tsx';
import { adminAction } from '#app/lib/admin/admin-action.server.ts';
import { requirePermission } from '#app/lib/admin/admin-guard.server.ts';
import { adminMeta } from '#app/lib/admin/admin-meta.ts';
import { bsYearsAround } from '#app/lib/bs-date-input.ts';
import { meritOutcomeText, scholarshipSeatsText } from '#app/admission/office/merit-outcome.ts';
import {
  confirmOffer,
  moveMeritRule,
  refuseOfferVoucher,
  saveMeritSettings,
  scheduleResults,
} from '#app/admission/office/merit-writes.server.ts';
import { formatDateIn } from '#common/i18n/dates.ts';
import { FINAL_TIE_BREAK, MERIT_RULE_LABELS, type MeritRule } from '#common/admission/merit.ts';
import { isoToNepalLocal } from '#common/dates/nepal-time.ts';
import { offerLastDay } from '#common/admission/results.ts';
import '#app/styles/admin-entrance.css';
import type { Route } from './+types/merit';

export const meta: Route.MetaFunction = ({ matches }) => adminMeta('Merit list and results', matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requirePermission(context, 'merit.manage');
  const season = new URL(request.url).searchParams.get('season') ?? undefined;
  const review = await context.services.merit.review(actor, season || undefined);
  return { review, years: bsYearsAround(context.services.clock.now(), 0, 1) };
}

export const action = (args: Route.ActionArgs) =>
  adminAction(args, {
    'save-settings': saveMeritSettings,
    'move-rule': moveMeritRule,
    schedule: scheduleResults,
    'confirm-offer': confirmOffer,
    'refuse-voucher': refuseOfferVoucher,
  });

type Review = Route.ComponentProps['loaderData']['review'];
type Settings = Review['settings'];

const marks = (hundredths: number | null) => (hundredths === null ? '' : String(hundredths / 100));
const ruleName = (rule: MeritRule | 'number') => (rule === 'number' ? FINAL_TIE_BREAK.en : MERIT_RULE_LABELS[rule].en);
/** A time as the office reads it: the B.S. date (A.D. beside) and the hour in Nepal. */
const when = (iso: string) => `${formatDateIn('en', iso)}, ${isoToNepalLocal(iso).slice(11)} Nepal time`;

/** Every saved setting as hidden fields, so a form that changes one thing (a rule's place) keeps the rest. */
function SettingsHidden({ seasonId, settings }: { seasonId: string; settings: Settings }) {
  return (
    <>
      <input type="hidden" name="season" value={seasonId} />
      {settings.rules.map((r) => (
        <input key={r} type="hidden" name="rules" value={r} />
      ))}
      <input type="hidden" name="passMark" value={settings.passMarkHundredths / 100} />
      <input type="hidden" name="fullMarks" value={settings.fullMarksHundredths / 100} />
      <input type="hidden" name="confirmDays" value={settings.confirmDays} />
      {settings.showMarks ? <input type="hidden" name="showMarks" value="yes" /> : null}
      {settings.listNames ? <input type="hidden" name="listNames" value="yes" /> : null}
      {settings.autoOffer ? <input type="hidden" name="autoOffer" value="yes" /> : null}
    </>
  );
}

function RuleOrder({ seasonId, settings, locked }: { seasonId: string; settings: Settings; locked: boolean }) {
  return (
    <section className="admin-panel entrance-panel" aria-labelledby="rules-title">
      <h2 id="rules-title">Order of the rules</h2>
      <p>Candidates are ranked by the first rule; a tie goes to the next rule, and so on.</p>
      <ol className="merit-rules">
        {settings.rules.map((rule, i) => (
          <li key={rule}>
            <span>{MERIT_RULE_LABELS[rule].en}</span>
            {locked ? null : (
              <span className="merit-rules__moves">
                {(['up', 'down'] as const).map((move) => (
                  <Form key={move} method="post">
                    <input type="hidden" name="intent" value="move-rule" />
                    <SettingsHidden seasonId={seasonId} settings={settings} />
                    <input type="hidden" name="rule" value={rule} />
                    <input type="hidden" name="move" value={move} />
                    <button
                      type="submit"
                      className="btn btn--small"
                      aria-label={`Move ${move}: ${MERIT_RULE_LABELS[rule].en}`}
                      disabled={move === 'up' ? i === 0 : i === settings.rules.length - 1}
                    >
                      {move === 'up' ? 'Move up' : 'Move down'}
                    </button>
                  </Form>
                ))}
              </span>
            )}
          </li>
        ))}
        <li>{FINAL_TIE_BREAK.en} (always last)</li>
      </ol>
    </section>
  );
}

function SettingsForm({ seasonId, settings, result }: { seasonId: string; settings: Settings; result: unknown }) {
  const typed =
    result && typeof result === 'object' && 'values' in result ? (result.values as Record<string, string>) : {};
  const value = (name: string, saved: string) => typed[name] ?? saved;
  return (
    <section className="admin-panel entrance-panel" aria-labelledby="settings-title">
      <h2 id="settings-title">Pass mark and offers</h2>
      <Form method="post" className="entrance-session-form">
        <input type="hidden" name="intent" value="save-settings" />
        <input type="hidden" name="season" value={seasonId} />
        {settings.rules.map((r) => (
          <input key={r} type="hidden" name="rules" value={r} />
        ))}
        <div className="entrance-session-form__row">
          <label>
            Pass mark
            <input
              className="field__input"
              name="passMark"
              type="number"
              min={0}
              step="0.01"
              required
              defaultValue={value('passMark', String(settings.passMarkHundredths / 100))}
            />
          </label>
          <label>
            Full marks
            <input
              className="field__input"
              name="fullMarks"
              type="number"
              min={1}
              step="0.01"
              required
              defaultValue={value('fullMarks', String(settings.fullMarksHundredths / 100))}
            />
          </label>
          <label>
            Days to confirm an offer
            <input
              className="field__input"
              name="confirmDays"
              type="number"
              min={1}
              max={60}
              required
              defaultValue={value('confirmDays', String(settings.confirmDays))}
            />
          </label>
        </div>
        <label className="entrance-session-form__check">
          <input type="checkbox" name="autoOffer" value="yes" defaultChecked={settings.autoOffer} />
          Offer a seat given up (lapsed or declined) to the next on the waiting list automatically
        </label>
        <label className="entrance-session-form__check">
          <input type="checkbox" name="showMarks" value="yes" defaultChecked={settings.showMarks} />
          Show applicants their marks in the results look-up
        </label>
        <label className="entrance-session-form__check">
          <input type="checkbox" name="listNames" value="yes" defaultChecked={settings.listNames} />
          Print names (not only roll numbers) on the published pass list
        </label>
        <button type="submit" className="btn btn--primary">
          Save the settings
        </button>
      </Form>
    </section>
  );
}

function Publish({
  seasonId,
  settings,
  years,
  beforeEntrance,
}: {
  seasonId: string;
  settings: Settings;
  years: [number, number];
  beforeEntrance: string | null;
}) {
  const ask = useBeforeEntrance(beforeEntrance, 'Yes, publish before the entrance date');
  if (settings.publishedAt) {
    return <p className="merit-published">Results published on {when(settings.publishedAt)}.</p>;
  }
  return (
    <section className="admin-panel entrance-panel" aria-labelledby="publish-title">
      <h2 id="publish-title">Publish the results</h2>
      <p>
        {settings.publishAt
          ? `Scheduled for ${when(settings.publishAt)}: the results go out then, with nobody signed in.`
          : 'Not scheduled. Review the lists below, then choose a time or publish now.'}{' '}
        Publishing makes the offers, puts the others on the waiting list, opens the results look-up and posts the
        results notice.
      </p>
      <Form method="post" className="entrance-session-form" onSubmit={ask.onSubmit}>
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="season" value={seasonId} />
        <BsDateField
          name="date"
          label="Publish on (B.S.)"
          value=""
          years={years}
          hint="The A.D. day is shown beside."
        />
        <label>
          At (Nepal time)
          <input className="field__input" name="time" type="time" defaultValue="10:00" />
        </label>
        {ask.field}
        <div className="entrance-session-form__row">
          <button type="submit" name="when" value="later" className="btn">
            Schedule
          </button>
          <button type="submit" name="when" value="now" className="btn btn--primary" data-ask-before-entrance="">
            Publish now
          </button>
        </div>
      </Form>
      {ask.dialog}
    </section>
  );
}

function ProgrammeList({ list, categories }: { list: Review['programmes'][number]; categories: Review['categories'] }) {
  const categoryName = (id: string) => categories.find((c) => c.id === id)?.nameEn ?? id;
  const offered = list.entries.filter((e) => e.outcome === 'offered');
  const counted = (seat: string) => offered.filter((e) => e.seat === seat).length;
  const headingId = `programme-${list.programme.id}`;
  return (
    <section className="merit-programme" aria-labelledby={headingId}>
      <h3 id={headingId}>{list.programme.nameEn}</h3>
      <ul className="merit-seats">
        <li>
          Seats: {list.seats.seats}; offered {offered.length} ({counted('open')} open)
        </li>
        {Object.entries(list.seats.scholarship)
          .filter(([, n]) => n > 0)
          .map(([id, n]) => (
            <li key={id}>{scholarshipSeatsText(categoryName(id), n, list.entries, id)}</li>
          ))}
        <li>Waiting list: {list.entries.filter((e) => e.outcome === 'waitlisted').length}</li>
        <li>Not selected: {list.entries.filter((e) => e.outcome === 'not-selected').length}</li>
        {list.missingMarks > 0 ? <li>{list.missingMarks} candidate(s) still without marks or absent</li> : null}
      </ul>
      {list.entries.length === 0 ? (
        <p>No candidate has a roll number for this programme.</p>
      ) : (
        <div className="entrance-table-wrap">
          <table className="entrance-table">
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Roll no.</th>
                <th scope="col">Name</th>
                <th scope="col">Marks</th>
                <th scope="col">GPA</th>
                <th scope="col">Tie broken by</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {list.entries.map((e) => (
                <tr key={e.applicationId}>
                  <td>{e.rank ?? '–'}</td>
                  <td>{e.rollNumber}</td>
                  <td>{e.nameEn}</td>
                  <td>{e.absent ? 'Absent' : marks(e.marksHundredths)}</td>
                  <td>{(e.gpaHundredths / 100).toFixed(2)}</td>
                  <td>{e.tieBrokenBy ? ruleName(e.tieBrokenBy) : ''}</td>
                  <td>{meritOutcomeText(e, list.seats.scholarship, categoryName)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const OFFER_STATES: Record<string, string> = {
  open: 'Offered',
  'voucher-sent': 'Voucher sent',
  confirmed: 'Confirmed',
  declined: 'Declined',
  lapsed: 'Lapsed',
};

/** An offer's voucher waiting for the office: verified (the applicant is admitted) or refused with a reason. */
function VoucherActions({ offer }: { offer: Review['offers'][number] }) {
  return (
    <div className="merit-voucher">
      <Form method="post">
        <input type="hidden" name="intent" value="confirm-offer" />
        <input type="hidden" name="how" value="voucher" />
        <input type="hidden" name="application" value={offer.applicationId} />
        <button type="submit" className="btn btn--small" aria-label={`Voucher verified (confirm): ${offer.nameEn}`}>
          Voucher verified (confirm)
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="refuse-voucher" />
        <input type="hidden" name="application" value={offer.applicationId} />
        <label className="form-field__label" htmlFor={`voucher-reason-${offer.id}`}>
          Reason told to the applicant (optional)
        </label>
        <input
          id={`voucher-reason-${offer.id}`}
          name="reason"
          maxLength={300}
          className="form-field__control"
          autoComplete="off"
        />
        <button type="submit" className="btn btn--small" aria-label={`Voucher refused: ${offer.nameEn}`}>
          Voucher refused
        </button>
      </Form>
    </div>
  );
}

function Offers({ review }: { review: Review }) {
  const programmeName = (id: string) => review.programmes.find((p) => p.programme.id === id)?.programme.nameEn ?? '';
  return (
    <section aria-labelledby="offers-title">
      <h2 id="offers-title">Offers</h2>
      <div className="entrance-table-wrap">
        <table className="entrance-table">
          <thead>
            <tr>
              <th scope="col">Roll no.</th>
              <th scope="col">Name</th>
              <th scope="col">Programme</th>
              <th scope="col">State</th>
              <th scope="col">Confirm by</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {review.offers.map((o) => (
              <tr key={o.id}>
                <td>{o.rollNumber}</td>
                <td>
                  <a href={`/admin/applications/${o.applicationId}`}>{o.nameEn}</a> ({o.reference})
                </td>
                <td>{programmeName(o.programmeId)}</td>
                <td>
                  {OFFER_STATES[o.state] ?? o.state}
                  {o.state === 'confirmed' ? ` (${o.confirmedHow === 'voucher' ? 'voucher' : 'fee paid'})` : ''}
                  {o.state === 'voucher-sent' && o.voucherAt ? (
                    <>
                      <br />
                      No. {o.voucherNumber}, {when(o.voucherAt)}
                      {o.voucherFile?.state === 'processing' && !o.voucherFile.file ? (
                        <> (its picture is being prepared: reload in a moment to open it)</>
                      ) : null}
                      {o.voucherFile?.state === 'failed' ? <> ({o.voucherFile.failure})</> : null}
                      {o.voucherFile?.file ? (
                        <>
                          {' '}
                          {/* Opened through the application's document route: every opening is audited. */}
                          <a
                            href={`/admin/applications/${o.applicationId}/documents/${o.voucherFile.documentId}/${encodeURIComponent(o.voucherFile.file)}`}
                            target="_blank"
                            rel="noreferrer"
                          >
                            Open the voucher
                          </a>
                        </>
                      ) : null}
                    </>
                  ) : null}
                </td>
                <td>{formatDateIn('en', offerLastDay(o.deadline))}</td>
                <td>
                  {o.state === 'open' ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="confirm-offer" />
                      <input type="hidden" name="application" value={o.applicationId} />
                      <button
                        type="submit"
                        className="btn btn--small"
                        aria-label={`Mark fee paid (confirm): ${o.nameEn}`}
                      >
                        Mark fee paid (confirm)
                      </button>
                    </Form>
                  ) : o.state === 'voucher-sent' ? (
                    <VoucherActions offer={o} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The office's results day: each programme's computed merit list with the rule that broke each tie, the order
 * of the rules and the pass mark, the publish time, and after publishing the offers with their deadlines.
 */
export default function MeritPage({ loaderData }: Route.ComponentProps) {
  const { review, years } = loaderData;
  const result = useActionData<typeof action>();
  const { season, settings } = review;
  const published = Boolean(settings.publishedAt);
  return (
    <section className="admin-page" aria-labelledby="merit-title">
      <header className="admin-page__header">
        <div>
          <h1 id="merit-title">Merit list{season ? ` ${season.name}` : ''}</h1>
          <p className="admin-page__lead">
            The merit list of each programme computed from the entrance marks, its tie-breaks, the pass mark, and
            publishing the results.
          </p>
        </div>
      </header>
      <SeasonTabs seasons={review.seasons} currentId={season?.id} />
      <WriteStatus result={result} />
      {!season ? (
        <p>There is no admission season yet.</p>
      ) : (
        <>
          <Publish seasonId={season.id} settings={settings} years={years} beforeEntrance={review.beforeEntrance} />
          {published ? <Offers review={review} /> : null}
          <RuleOrder seasonId={season.id} settings={settings} locked={published} />
          {published ? null : <SettingsForm seasonId={season.id} settings={settings} result={result} />}
          <h2>{published ? 'The ranking from the marks' : 'The lists as they would be published now'}</h2>
          {review.programmes.map((list) => (
            <ProgrammeList key={list.programme.id} list={list} categories={review.categories} />
          ))}
        </>
      )}
    </section>
  );
}
