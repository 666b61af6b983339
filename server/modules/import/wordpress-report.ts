import { noticeCategoryLabel } from '#common/notices/notice-category.ts';
import type { WordPressImportReport } from './wordpress-import.ts';
import { type PlannedPage, sitePageName, sitePageTextGoes } from './wordpress-pages.ts';
import type { WordPressPlan } from './wordpress-plan.ts';

/** The plan (what becomes what, with counts) and the import's outcome as lines for a person to read. */

/** One page brought over as addresses: where they lead, and where its text may be typed. */
const pageLine = (p: PlannedPage) =>
  `  "${p.title}" → ${p.target} (${sitePageName(p.becomes)})${p.words > 0 ? `: its text (${p.words} words) is not copied; type what fits in ${sitePageTextGoes(p.becomes)}` : ''}`;

const counted = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${n} ${name}`)
    .join(', ');

export function describePlan(plan: WordPressPlan): string[] {
  const toMake = plan.notices.filter((n) => !n.importedAs);
  const files = toMake.flatMap((n) => n.files);
  const carried = files.filter((f) => !f.problem);
  const lines = [
    `WordPress site: ${plan.site.title || '(untitled)'} (${plan.site.siteUrl}), export format WXR ${plan.site.wxrVersion}`,
    `Published posts → notices: ${toMake.length} to import, ${plan.notices.length - toMake.length} already imported`,
    `Their files → notice attachments: ${carried.length} to attach, ${files.length - carried.length} not (listed below)`,
  ];
  const albums = plan.albums.filter((a) => !a.importedAs);
  const photos = albums.flatMap((a) => a.photos);
  const taken = photos.filter((p) => !p.problem).length;
  lines.push(
    `Galleries → albums: ${albums.length} albums with ${taken} photos to import, ${plan.albums.length - albums.length} already imported`,
  );
  const pages = plan.pages.filter((p) => !p.importedAs);
  lines.push(
    `Pages → the site's own pages (their old addresses answer with a 301 there): ${pages.length} to bring over, ${plan.pages.length - pages.length} already imported`,
  );
  for (const p of pages) lines.push(pageLine(p));
  if (plan.categories.length > 0) {
    lines.push('Categories → notice categories:');
    for (const c of plan.categories) lines.push(`  ${c.name} (${c.slug}) → ${noticeCategoryLabel(c.becomes)}`);
  }
  const sticky = toMake.filter((n) => n.notice.input.pinnedUntil).length;
  if (sticky > 0) lines.push(`Sticky posts → pinned notices: ${sticky}`);
  const skipped = counted(plan.skippedPosts);
  if (skipped) lines.push(`Skipped, not published: ${skipped}`);
  const changed = toMake.filter((n) => n.notice.notes.length > 0);
  if (changed.length > 0) {
    lines.push('Posts shortened to fit a notice, or to check:');
    for (const n of changed) lines.push(`  ${n.title}: ${n.notice.notes.join('; ')}`);
  }
  const fileProblems = toMake.flatMap((n) => n.files.filter((f) => f.problem).map((f) => ({ n, f })));
  if (fileProblems.length > 0) {
    lines.push('Files not attached:');
    for (const { n, f } of fileProblems)
      lines.push(`  ${f.name || `attachment ${f.oldId}`} (of "${n.title}"): ${f.problem}`);
  }
  const photoProblems = albums.flatMap((a) => a.photos.filter((p) => p.problem).map((p) => ({ a, p })));
  if (photoProblems.length > 0) {
    lines.push('Photos not brought into their album:');
    for (const { a, p } of photoProblems) lines.push(`  ${p.name} (of "${a.title}"): ${p.problem}`);
  }
  if (plan.notImported.length > 0) {
    lines.push('Not imported:');
    for (const item of plan.notImported) lines.push(`  ${item.type} "${item.title}": ${item.reason}`);
  }
  const other = counted(plan.otherTypes);
  if (other) lines.push(`Other WordPress content, not imported: ${other}`);
  if (plan.unusedAttachments > 0)
    lines.push(
      `Media neither attached to an imported post nor in a gallery (the media library), not imported: ${plan.unusedAttachments}`,
    );
  lines.push('Menus, widgets, comments, users and plugin settings are not in what an import brings over.');
  return lines;
}

export function describeReport(report: WordPressImportReport): string[] {
  const lines = [
    `Imported ${report.created.length} notices with ${report.created.reduce((sum, c) => sum + c.files, 0)} attachments; ${report.alreadyImported} were already imported.`,
  ];
  if (report.fileProblems.length > 0) {
    lines.push('Files not attached:');
    for (const f of report.fileProblems) lines.push(`  ${f.name} (of "${f.post}"): ${f.problem}`);
  }
  if (report.failed.length > 0) {
    lines.push('Posts not imported:');
    for (const f of report.failed) lines.push(`  "${f.title}": ${f.reason}`);
  }
  const { albums } = report;
  lines.push(
    `Made ${albums.created.length} albums with ${albums.created.reduce((sum, a) => sum + a.photos, 0)} photos (their sizes are made in the background); ${albums.alreadyImported} were already imported.`,
  );
  for (const a of albums.created) lines.push(`  "${a.title}" → /gallery/${a.slug}: ${a.photos} photos`);
  if (albums.photoProblems.length > 0) {
    lines.push('Photos not brought into their album:');
    for (const p of albums.photoProblems) lines.push(`  ${p.name} (of "${p.album}"): ${p.problem}`);
  }
  if (albums.failed.length > 0) {
    lines.push('Galleries not imported:');
    for (const f of albums.failed) lines.push(`  "${f.title}": ${f.reason}`);
  }
  const { pages } = report;
  lines.push(
    `Led ${pages.created.length} pages' old addresses to the site's own pages; ${pages.alreadyImported} were already imported.`,
  );
  for (const p of pages.created) lines.push(pageLine(p));
  return lines;
}
