import type { FastifyBaseLogger } from 'fastify';
import { toDevanagariDigits } from '#common/i18n/nepali-numbers.ts';
import type { Db } from '#server/db/db.ts';
import type { AttachmentsService, CheckedAttachment, NoticesService } from '#server/modules/notices/index.ts';
import { RESULTS_ACTOR, type MeritService, settingsOf } from './merit.service.ts';
import * as repo from './merit.repository.ts';
import { type PrintLogo, readCollegeName } from '#server/modules/content/index.ts';
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
  /** The college's logo drawn for the pass list's head; none without it. */
  logo?: () => Promise<PrintLogo | null>;
}

/** Words on the board cap a notice's description; roll numbers beyond them are left to the look-up. */
const ROLLS_IN_TEXT = 100;

/**
 * The results notice of a published season on the notice board, in English and in Nepali (a notice in each
 * language), with the pass list as a PDF printed by Chromium. Without Chromium (or when it fails) the notices
 * go up all the same, their text naming the roll numbers offered a seat, and the log says the PDF could not be
 * made: publishing never waits on a printer.
 */
export async function makeResultsNotice(deps: ResultsNoticeDeps, seasonId: string): Promise<string> {
  const { db, log } = deps;
  const season = await repo.seasonName(db, seasonId);
  const settings = settingsOf(await repo.findSettings(db, seasonId));
  const rows = await passListRows(db, seasonId);
  const title = `Entrance results ${season.name}`;
  const lookUp = `${deps.siteUrl}/admission/results`;
  let pdf: CheckedAttachment | null = null;
  try {
    const printed = await (deps.print ?? printPdf)(
      await passListHtml(title, rows, settings.listNames, await readCollegeName(db), (await deps.logo?.()) ?? null),
    );
    if (printed) pdf = await deps.attachments.check(RESULTS_ACTOR, printed);
    else log.warn({ season: seasonId }, 'results notice: Chromium is not installed, so the pass list has no PDF');
  } catch (err) {
    log.error({ err, season: seasonId }, 'results notice: the pass list could not be made a PDF; published without it');
  }
  const offered = rows.filter((r) => r.outcome === 'offered').map((r) => r.rollNumber);
  const rolls = offered.slice(0, ROLLS_IN_TEXT).join(', ');
  const more = offered.length > ROLLS_IN_TEXT;
  const lead =
    `The results of the entrance examination for admission ${season.name} are published. ` +
    `Look up your result with your roll number and date of birth at ${lookUp} . ` +
    'Offers must be confirmed by paying the admission fee before the deadline the look-up shows.';
  const list = pdf
    ? ' The pass list is attached.'
    : ` Roll numbers offered a seat: ${rolls}${more ? ' and more: see the look-up.' : '.'}`;
  // The same notice in Nepali, for families who read the board in Nepali: B.S. years in Devanagari digits,
  // roll numbers as printed on the admit card.
  const nameNe = toDevanagariDigits(season.name);
  const leadNe =
    `भर्ना ${nameNe} को प्रवेश परीक्षाको नतिजा प्रकाशित भएको छ। ` +
    `आफ्नो रोल नम्बर र जन्म मिति राखेर ${deps.siteUrl}/ne/admission/results मा नतिजा हेर्नुहोस्। ` +
    'सिट पाउनेले नतिजामा देखिएको म्यादभित्र भर्ना शुल्क तिरेर भर्ना पक्का गर्नुपर्छ।';
  const listNe = pdf ? ' उत्तीर्ण सूची संलग्न छ।' : ` सिट पाउने रोल नम्बरहरू: ${rolls}${more ? ' र अरू: नतिजा हेर्नुहोस्।' : '।'}`;
  const publish = (input: { title: string; description: string; referenceNo: string; language: 'en' | 'ne' }) => {
    const notice = { ...input, title: input.title.slice(0, 60), referenceNo: input.referenceNo.slice(0, 30) };
    const withCategory = { ...notice, category: 'result' };
    return pdf
      ? deps.notices.createWithAttachments(RESULTS_ACTOR, withCategory, [pdf])
      : deps.notices.create(RESULTS_ACTOR, withCategory);
  };
  await publish({
    title: `प्रवेश परीक्षाको नतिजा ${nameNe}`,
    description: leadNe + listNe,
    referenceNo: `RESULTS-${season.name}-NE`,
    language: 'ne',
  });
  // Made last, so it is listed first on the board; the season's settings name it.
  const notice = await publish({
    title,
    description: lead + list,
    referenceNo: `RESULTS-${season.name}`,
    language: 'en',
  });
  await deps.merit.setNotice(seasonId, notice.id);
  log.info({ season: seasonId, pdf: pdf !== null }, 'results notice made');
  return notice.id;
}
