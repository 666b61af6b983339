import fs from 'node:fs/promises';
import path from 'node:path';
import { NOTICE_ATTACHMENT_LIMITS } from '#common/notices/notice-attachments.ts';
import type { NoticeCategory } from '#common/notices/notice-category.ts';
import type { Db } from '#server/db/db.ts';
import { importedByGuid } from './import.repository.ts';
import { type PlannedAlbum, planAlbums } from './wordpress-albums-plan.ts';
import { isOwnAddress, oldAddressKey } from './old-addresses.ts';
import { type PlannedPage, planPages } from './wordpress-pages.ts';
import { type NoticeFromPost, noticeCategoryOf, noticeFromPost } from './wordpress-notice.ts';
import { type WxrChannel, type WxrItem, readWxr } from './wxr-reader.ts';

/** What an import from WordPress will do, worked out from the export before anything is written (the dry run). */

export const WORDPRESS_SOURCE = 'wordpress';

export interface WordPressImportOptions {
  /** The site's wp-content/uploads folder, where the attachments' files are. */
  uploads?: string;
  /** The old site's public address, when the export was made elsewhere (a copy on another address). */
  from?: string;
}

/** A file a notice will carry, or why it cannot. */
export interface PlannedFile {
  oldId: number;
  guid: string;
  /** Its path under uploads, as WordPress stored it ('2024/05/result.pdf'). */
  name: string;
  /** Where it is on this machine, when it is there. */
  file: string | null;
  /** The old addresses of the file and of its attachment page. */
  oldPaths: string[];
  problem: string | null;
}

export interface PlannedNotice {
  oldId: number;
  guid: string;
  /** The post's title as WordPress had it. */
  title: string;
  /** Its WordPress author (login), kept in the audit entry. */
  author: string;
  notice: NoticeFromPost;
  files: PlannedFile[];
  /** Old addresses (keys, see oldAddressKey) that will lead to the notice. */
  oldPaths: string[];
  /** The notice it already became in an earlier import, if any: nothing is done again. */
  importedAs: string | null;
}

export interface NotImported {
  oldId: number;
  type: string;
  title: string;
  reason: string;
}

export interface WordPressPlan {
  site: WxrChannel;
  notices: PlannedNotice[];
  /** Galleries (of posts and pages) and pages of photos, to become albums. */
  albums: PlannedAlbum[];
  /** Pages that name one of the site's pages (About, Contact, …): their old addresses will lead there. */
  pages: PlannedPage[];
  /** Posts not published (draft, private, trash, pending, future, …), counted by status. */
  skippedPosts: Record<string, number>;
  /** Named items not brought over: pages no page of the site matches, posts that cannot be notices, with why. */
  notImported: NotImported[];
  /** Other kinds of WordPress content (menus, blocks, revisions, …), counted by type: not imported. */
  otherTypes: Record<string, number>;
  /** The site's categories and the notice category each becomes. */
  categories: { slug: string; name: string; becomes: NoticeCategory }[];
  /** Attachments no imported post or album carries (the media library): not imported. */
  unusedAttachments: number;
}

/** The kinds of file a notice carries (by name here; the attachments service checks the bytes). */
const NOTICE_FILE = /\.(pdf|jpe?g|png|webp|avif)$/iu;
/** The kinds of file an album's photo is (the photo process checks the bytes). */
const PHOTO_FILE = /\.(jpe?g|png|webp|avif|heic|heif)$/iu;
const UPLOADS_PART = '/wp-content/uploads/';

/** An uploads-relative path that stays inside the folder (an export could name `../../etc/passwd`). */
function safeRelative(name: string): string | null {
  const clean = name.replace(/\\/gu, '/').replace(/^\/+/u, '');
  return clean === '' || clean.split('/').some((part) => part === '..' || part === '') ? null : clean;
}

function uploadsName(item: WxrItem): string | null {
  const stored = item.meta._wp_attached_file;
  if (stored) return safeRelative(stored.trim());
  const at = item.attachmentUrl.indexOf(UPLOADS_PART);
  if (at === -1) return null;
  try {
    return safeRelative(decodeURIComponent(item.attachmentUrl.slice(at + UPLOADS_PART.length)));
  } catch {
    return null;
  }
}

/**
 * The smaller sizes WordPress made of an image ('2024/05/poster-300x200.jpg'), and the original of one it scaled
 * down, read from its serialised `_wp_attachment_metadata`: their addresses were served too.
 */
function otherSizes(item: WxrItem, name: string): string[] {
  const meta = item.meta._wp_attachment_metadata ?? '';
  const dir = path.posix.dirname(name);
  const found: string[] = [];
  for (const m of meta.matchAll(/s:(?:4:"file"|14:"original_image");s:\d+:"([^"]+)"/gu)) {
    const file = m[1]!.includes('/') ? m[1]! : path.posix.join(dir, m[1]!);
    const safe = safeRelative(file);
    if (safe && safe !== name) found.push(safe);
  }
  return found;
}

/** The uploads files a post's text links to ('2024/05/result.pdf'). */
function linkedUploads(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/\/wp-content\/uploads\/([^"'\s<>?#)]+)/gu)) {
    try {
      const name = safeRelative(decodeURIComponent(m[1]!));
      if (name) found.add(name);
    } catch {
      // A malformed escape names no file.
    }
  }
  return [...found];
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

export async function planWordPressImport(
  db: Db,
  exportFile: string,
  options: WordPressImportOptions,
): Promise<WordPressPlan> {
  const already = await importedByGuid(db, WORDPRESS_SOURCE);
  let site: WxrChannel = { title: '', siteUrl: '', wxrVersion: '' };
  const posts: WxrItem[] = [];
  const pages: WxrItem[] = [];
  const attachments: WxrItem[] = [];
  const skippedPosts: Record<string, number> = {};
  const otherTypes: Record<string, number> = {};
  const notImported: NotImported[] = [];
  const categories: WordPressPlan['categories'] = [];

  for await (const entry of readWxr(exportFile)) {
    if (entry.kind === 'channel') site = entry.channel;
    else if (entry.kind === 'category') {
      const { slug, name } = entry.category;
      categories.push({ slug, name, becomes: noticeCategoryOf({ slug, name }) });
    } else {
      const item = entry.item;
      if (item.postType === 'post') {
        if (item.status === 'publish') posts.push(item);
        else skippedPosts[item.status] = (skippedPosts[item.status] ?? 0) + 1;
      } else if (item.postType === 'attachment') {
        // Its excerpt is its caption; its description is not used.
        attachments.push({ ...item, content: '' });
      } else if (item.postType === 'page') {
        if (item.status === 'publish') pages.push(item);
        else skippedPosts[`page ${item.status}`] = (skippedPosts[`page ${item.status}`] ?? 0) + 1;
      } else otherTypes[item.postType] = (otherTypes[item.postType] ?? 0) + 1;
    }
  }

  const keyOf = oldKeyMaker(site.siteUrl, options.from);
  const byName = new Map<string, WxrItem>();
  const byParent = new Map<number, WxrItem[]>();
  for (const a of attachments) {
    const name = uploadsName(a);
    if (name) byName.set(name, a);
    const siblings = byParent.get(a.parentId);
    if (siblings) siblings.push(a);
    else byParent.set(a.parentId, [a]);
  }
  const used = new Set<number>();
  const notices: PlannedNotice[] = [];
  for (const post of posts) {
    // Its own attachments (uploaded to it) in their order, then files from elsewhere its text links to.
    const own = [...(byParent.get(post.id) ?? [])].sort((a, b) => a.menuOrder - b.menuOrder || a.id - b.id);
    const linked = linkedUploads(post.content)
      .map((name) => byName.get(name))
      .filter((a): a is WxrItem => a !== undefined && !own.includes(a));
    const files: PlannedFile[] = [];
    let carried = 0;
    for (const a of [...own, ...linked]) {
      used.add(a.id);
      const file = await planFile(a, NOTICE_FILE, 'notices carry PDFs and images only', options, keyOf);
      if (!file.problem && carried >= NOTICE_ATTACHMENT_LIMITS.perNotice) {
        file.file = null;
        file.problem = `a notice carries at most ${NOTICE_ATTACHMENT_LIMITS.perNotice} files`;
      }
      if (!file.problem) carried += 1;
      files.push(file);
    }
    const notice = noticeFromPost(
      post,
      files.filter((f) => f.file).map((f) => path.basename(f.name)),
    );
    const oldPaths = uniqueKeys([keyOf(post.link), `?p=${post.id}`]);
    const guid = post.guid || post.link;
    const planned: PlannedNotice = {
      oldId: post.id,
      guid,
      title: post.title,
      author: post.creator,
      notice,
      files,
      oldPaths,
      importedAs: already.get(guid) ?? null,
    };
    if (notice.problem && !planned.importedAs)
      notImported.push({ oldId: post.id, type: 'post', title: post.title, reason: notice.problem });
    else notices.push(planned);
  }
  const byId = new Map(attachments.map((a) => [a.id, a]));
  const otherPages: WxrItem[] = [];
  const albums = await planAlbums({
    posts,
    pages,
    attachments: byId,
    childrenOf: (id) => [...(byParent.get(id) ?? [])].sort((a, b) => a.menuOrder - b.menuOrder || a.id - b.id),
    already,
    planFile: (a) => planFile(a, PHOTO_FILE, 'albums hold JPEG, PNG, WebP, AVIF and HEIC photos only', options, keyOf),
    keyOf: (link) => uniqueKeys([keyOf(link)]),
    otherPages,
  });
  const sitePages = planPages(otherPages, { already, keyOf: (link) => uniqueKeys([keyOf(link)]), notImported });
  for (const album of albums) for (const photo of album.photos) used.add(photo.oldId);
  return {
    site,
    notices,
    albums,
    pages: sitePages,
    skippedPosts,
    notImported,
    otherTypes,
    categories,
    unusedAttachments: attachments.filter((a) => !used.has(a.id)).length,
  };
}

/**
 * One attachment's file as the import will take it: where it is in the uploads (or why it cannot be taken), and
 * the old addresses of the file, its other sizes and its attachment page.
 */
async function planFile(
  a: WxrItem,
  accepted: RegExp,
  otherKind: string,
  options: WordPressImportOptions,
  keyOf: (link: string) => string | null,
): Promise<PlannedFile> {
  const name = uploadsName(a) ?? '';
  const at = a.attachmentUrl.indexOf(UPLOADS_PART);
  const uploadsUrl = at === -1 ? UPLOADS_PART : a.attachmentUrl.slice(0, at + UPLOADS_PART.length);
  const sizes = otherSizes(a, name).map((size) => keyOf(uploadsUrl + size));
  const oldPaths = [keyOf(a.attachmentUrl), keyOf(a.link), `?attachment_id=${a.id}`, ...sizes];
  const file: PlannedFile = {
    oldId: a.id,
    guid: a.guid || a.attachmentUrl,
    name,
    file: null,
    oldPaths: uniqueKeys(oldPaths),
    problem: null,
  };
  if (!accepted.test(name)) file.problem = otherKind;
  else if (!options.uploads) file.problem = 'no uploads were given (--uploads, or the uploads archive in the admin)';
  else {
    const where = path.join(path.resolve(options.uploads), name);
    if (await isFile(where)) file.file = where;
    else file.problem = 'missing from the uploads folder';
  }
  return file;
}

/** Keys of old addresses, without those of this site's own pages and without repeats. */
function uniqueKeys(keys: readonly (string | null)[]): string[] {
  return [...new Set(keys.filter((k): k is string => k !== null && !isOwnAddress(k)))];
}

/**
 * An old address's key from a link in the export: its path and query, moved from the export's own site
 * address to `--from`'s when they differ (an export made from a copy at http://localhost/wp/).
 */
function oldKeyMaker(siteUrl: string, from: string | undefined): (link: string) => string | null {
  const base = safeUrl(siteUrl);
  const target = from ? safeUrl(from) : null;
  const basePath = base ? base.pathname.replace(/\/+$/u, '') : '';
  const targetPath = target ? target.pathname.replace(/\/+$/u, '') : basePath;
  return (link) => {
    const url = link ? safeUrl(link, siteUrl) : null;
    if (!url) return null;
    let p = url.pathname;
    if (basePath && (p === basePath || p.startsWith(`${basePath}/`))) p = targetPath + p.slice(basePath.length);
    return oldAddressKey((p || '/') + url.search);
  };
}

function safeUrl(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}
