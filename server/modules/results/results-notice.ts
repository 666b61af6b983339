import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/db.ts';
import type { AttachmentsService, CheckedAttachment } from '#server/modules/notices/attachments/attachments.service.ts';
import type { NoticesService } from '#server/modules/notices/notices.service.ts';
import { RESULTS_ACTOR, type MeritService, settingsOf } from './merit.service.ts';
import * as repo from './merit.repository.ts';
import { passListHtml, passListRows, printPdf } from './pass-list.ts';

export interface ResultsNoticeDeps {
  db: Db;
  siteUrl: string;
  merit: Pick<MeritService, 'setNotice'>;
  notices: Pick<NoticesService, 'create' | 'createWithAttachments'>;
  attachments: Pick<AttachmentsService, 'check'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Makes the pass list's PDF; null when it cannot be made here (no Chromium). */
  print?: (html: string) => Promise<Buffer | null>;
}

/** Words on the board cap a notice's description; roll numbers beyond them are left to the look-up. */
const ROLLS_IN_TEXT = 100;

/**
 * The results notice of a published season on the notice board, with the pass list as a PDF printed by
 * Chromium. Without Chromium (or when it fails) the notice goes up all the same, its text naming the roll
 * numbers offered a seat, and the log says the PDF could not be made: publishing never waits on a printer.
 */
export async function makeResultsNotice(deps: ResultsNoticeDeps, seasonId: string): Promise<string> {
  const { db, log } = deps;
  const season = await db
    .selectFrom('admission_seasons')
    .select('name')
    .where('id', '=', seasonId)
    .executeTakeFirstOrThrow();
  const settings = settingsOf(await repo.findSettings(db, seasonId));
  const rows = await passListRows(db, seasonId);
  const title = `Entrance results ${season.name}`;
  const lookUp = `${deps.siteUrl}/admission/results`;
  let pdf: CheckedAttachment | null = null;
  try {
    const printed = await (deps.print ?? printPdf)(await passListHtml(title, rows, settings.listNames));
    if (printed) pdf = await deps.attachments.check(RESULTS_ACTOR, printed);
    else log.warn({ season: seasonId }, 'results notice: Chromium is not installed, so the pass list has no PDF');
  } catch (err) {
    log.error({ err, season: seasonId }, 'results notice: the pass list could not be made a PDF; published without it');
  }
  const offered = rows.filter((r) => r.outcome === 'offered').map((r) => r.rollNumber);
  const lead =
    `The results of the entrance examination for admission ${season.name} are published. ` +
    `Look up your result with your roll number and date of birth at ${lookUp} . ` +
    'Offers must be confirmed by paying the admission fee before the deadline the look-up shows.';
  const list = pdf
    ? ' The pass list is attached.'
    : ` Roll numbers offered a seat: ${offered.slice(0, ROLLS_IN_TEXT).join(', ')}${offered.length > ROLLS_IN_TEXT ? ' and more: see the look-up.' : '.'}`;
  const input = {
    title: title.slice(0, 60),
    description: lead + list,
    category: 'result',
    referenceNo: `RESULTS-${season.name}`.slice(0, 30),
    language: 'en',
  };
  const notice = pdf
    ? await deps.notices.createWithAttachments(RESULTS_ACTOR, input, [pdf])
    : await deps.notices.create(RESULTS_ACTOR, input);
  await deps.merit.setNotice(seasonId, notice.id);
  log.info({ season: seasonId, pdf: pdf !== null }, 'results notice made');
  return notice.id;
}
