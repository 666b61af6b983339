import { SEASON_OVERRIDES, type QuotaSummary, type Season } from '#common/admission/admission-season.ts';
import type { SeasonState } from '#common/admission/admission-phase.ts';
import { fullStop, seasonStatusLine } from '#common/admission/admission-status-line.ts';
import { formatBsAd } from '#common/dates/bs-date.ts';
import type { WriteResult } from '#app/lib/admin/admin-result.ts';
import { SubmitButton } from '#app/components/admin/submit-button.tsx';
import { SeasonField, SeasonWriteForm } from './season-write-form.tsx';

const OVERRIDE_LABELS: Record<(typeof SEASON_OVERRIDES)[number], string> = {
  '': 'Follow the dates',
  'ADMISSION ENQUIRY': 'ADMISSION ENQUIRY',
  'ADMISSION OPEN': 'ADMISSION OPEN',
  'ADMISSION CLOSED': 'ADMISSION CLOSED',
};

/** The scholarship quota against the law's minimum, with the office's warnings. */
export function QuotaPanel({ quota }: { quota: QuotaSummary }) {
  const below = quota.declared < quota.legalMinimum;
  return (
    <div className="admin-panel season-quota">
      <dl className="season-quota__figures">
        <div>
          <dt>Seats in all programmes</dt>
          <dd>{quota.totalSeats}</dd>
        </div>
        <div>
          <dt>Enrolment reckoned</dt>
          <dd>{quota.enrolment}</dd>
        </div>
        <div>
          <dt>Free seats the law asks for</dt>
          <dd>{quota.legalMinimum}</dd>
        </div>
        <div className={below ? 'season-quota__short' : undefined}>
          <dt>Free seats declared</dt>
          <dd>{quota.declared}</dd>
        </div>
      </dl>
      <p className="field__hint">
        A private school keeps free seats for at least 10 % of its students up to 500, 12 % from 501 to 800 and 15 %
        over 800 (Compulsory and Free Education Act 2075, §27(3)), and publishes them at least 15 days before
        applications close.
      </p>
      {quota.warnings.length > 0 ? (
        <div role="status">
          <ul className="season-warnings">
            {quota.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Publishing: once published, the season's dates move the public status and its quota is public from that day. */
export function PublishForm({
  season,
  quota,
  pageResult,
}: {
  season: Season;
  quota: QuotaSummary;
  pageResult: WriteResult | undefined;
}) {
  if (season.publishedAt) {
    return (
      <SeasonWriteForm formKey="withdraw" intent="withdraw" pageResult={pageResult} label="Published">
        {(state) => (
          <>
            <p>
              Published on {formatBsAd(season.publishedAt ?? '')}. The public status follows its dates in Nepal time,
              unless an owner sets it by hand.
            </p>
            <SubmitButton busy={state.busy} small label="Take it off the public pages" busyLabel="Taking it off…" />
          </>
        )}
      </SeasonWriteForm>
    );
  }
  const below = quota.declared < quota.legalMinimum;
  return (
    <SeasonWriteForm formKey="publish" intent="publish" pageResult={pageResult} label="Publish">
      {(state) => (
        <>
          <p>
            Publishing shows this season on the admission page; from then on its dates move the admission status by
            themselves.
          </p>
          {below ? (
            <label className="season-check">
              <input type="checkbox" name="belowMinimum" /> Publish with fewer free seats than the law asks (
              {quota.declared} of {quota.legalMinimum})
            </label>
          ) : null}
          <SubmitButton busy={state.busy} label="Publish season" busyLabel="Publishing…" />
        </>
      )}
    </SeasonWriteForm>
  );
}

/**
 * An owner sets the season's status instead of its dates (recorded in the audit log), or follows the dates
 * again; for the published season this is the same override as the status page's switch.
 */
export function OverrideForm({
  season,
  state: current,
  decides,
  pageResult,
}: {
  season: Season;
  state: SeasonState;
  /** This season is the published one the public sees. */
  decides: boolean;
  pageResult: WriteResult | undefined;
}) {
  return (
    <SeasonWriteForm formKey="override" intent="override" pageResult={pageResult} label="Public status by hand">
      {(state) => (
        <>
          <p>
            {decides ? 'The public sees ' : 'Not shown to the public now; this season’s own status: '}
            <strong>{fullStop(seasonStatusLine(current, season))}</strong>
          </p>
          <div className="field">
            <label className="field__label" htmlFor="season-override">
              Public status
            </label>
            <select
              id="season-override"
              name="statusOverride"
              className="field__input"
              defaultValue={state.values?.statusOverride ?? season.statusOverride}
            >
              {SEASON_OVERRIDES.map((s) => (
                <option key={s} value={s}>
                  {OVERRIDE_LABELS[s]}
                </option>
              ))}
            </select>
            {state.errors.statusOverride ? <p className="field__error">{state.errors.statusOverride}</p> : null}
          </div>
          <SubmitButton busy={state.busy} label="Set status" />
        </>
      )}
    </SeasonWriteForm>
  );
}

/** The fee structure and quota as a notice for the notice board, printed with its reference number and QR code. */
export function SummaryNoticeForm({ pageResult }: { pageResult: WriteResult | undefined }) {
  return (
    <SeasonWriteForm formKey="summary" intent="summary" pageResult={pageResult} label="Notice of fees and quota">
      {(state) => (
        <>
          <p>
            Publish the fee structure and the scholarship quota as a notice: printed from its page, it carries its
            reference number and a QR code that opens it on the site.
          </p>
          <SeasonField state={state} name="referenceNo" label="Reference number" value="" />
          <SubmitButton busy={state.busy} label="Publish as a notice" busyLabel="Publishing…" />
        </>
      )}
    </SeasonWriteForm>
  );
}
