import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * WordPress's export (WXR, "WordPress eXtended RSS", Tools → Export → All content), read as a stream: the
 * file is parsed chunk by chunk and each item is handed on as soon as it closes, so memory holds one item,
 * whatever the size of the export. The parser never reads anything but the file: a DOCTYPE (which WordPress
 * never writes) is refused before any entity could be used, and an entity it does not know is an error.
 */

/** Why an export was refused; its message is meant for the person who gave the file. */
export class WxrError extends Error {
  override name = 'WxrError';
}

export interface WxrChannel {
  title: string;
  /** The site's address as WordPress knew it (wp:base_blog_url, else the channel's link). */
  siteUrl: string;
  wxrVersion: string;
}

export interface WxrCategory {
  slug: string;
  name: string;
  parentSlug: string;
}

export interface WxrItemCategory {
  /** 'category', 'post_tag', or another taxonomy. */
  domain: string;
  slug: string;
  name: string;
}

export interface WxrItem {
  id: number;
  postType: string;
  status: string;
  guid: string;
  title: string;
  link: string;
  postName: string;
  /** 'YYYY-MM-DD HH:MM:SS' in UTC; '0000-00-00 00:00:00' for a draft never published. */
  dateGmt: string;
  /** In the site's own time zone. */
  date: string;
  creator: string;
  content: string;
  excerpt: string;
  parentId: number;
  menuOrder: number;
  sticky: boolean;
  /** An attachment's file as WordPress served it. */
  attachmentUrl: string;
  categories: WxrItemCategory[];
  /** Custom fields, e.g. `_wp_attached_file` (the file's path under wp-content/uploads). */
  meta: Record<string, string>;
}

export type WxrEntry =
  | { kind: 'channel'; channel: WxrChannel }
  | { kind: 'category'; category: WxrCategory }
  | { kind: 'item'; item: WxrItem };

/** The XML namespace WXR 1.0–1.2 declare for their own elements. */
const WXR_NAMESPACE = /^http:\/\/wordpress\.org\/export\/1\.[0-2]\/$/u;
/** No single field of a post is longer than this (a post's text is a few hundred kilobytes at most). */
export const WXR_MAX_FIELD_CHARS = 16 * 1024 * 1024;

const NOT_WXR =
  'This file is not a WordPress export (WXR). In WordPress, use Tools → Export → All content and give the file it downloads.';

function emptyItem(): WxrItem {
  return {
    id: 0,
    postType: '',
    status: '',
    guid: '',
    title: '',
    link: '',
    postName: '',
    dateGmt: '',
    date: '',
    creator: '',
    content: '',
    excerpt: '',
    parentId: 0,
    menuOrder: 0,
    sticky: false,
    attachmentUrl: '',
    categories: [],
    meta: {},
  };
}

const toInt = (text: string) => {
  const n = Number.parseInt(text.trim(), 10);
  return Number.isFinite(n) ? n : 0;
};

/** Sets an item's field from one of its child elements. */
function setItemField(item: WxrItem, name: string, text: string, attrs: Record<string, string>): void {
  switch (name) {
    case 'title':
      item.title = text;
      break;
    case 'link':
      item.link = text.trim();
      break;
    case 'guid':
      item.guid = text.trim();
      break;
    case 'dc:creator':
      item.creator = text;
      break;
    case 'content:encoded':
      item.content = text;
      break;
    case 'excerpt:encoded':
      item.excerpt = text;
      break;
    case 'wp:post_id':
      item.id = toInt(text);
      break;
    case 'wp:post_date':
      item.date = text.trim();
      break;
    case 'wp:post_date_gmt':
      item.dateGmt = text.trim();
      break;
    case 'wp:post_name':
      item.postName = text.trim();
      break;
    case 'wp:status':
      item.status = text.trim();
      break;
    case 'wp:post_parent':
      item.parentId = toInt(text);
      break;
    case 'wp:menu_order':
      item.menuOrder = toInt(text);
      break;
    case 'wp:post_type':
      item.postType = text.trim();
      break;
    case 'wp:is_sticky':
      item.sticky = text.trim() === '1';
      break;
    case 'wp:attachment_url':
      item.attachmentUrl = text.trim();
      break;
    case 'category':
      item.categories.push({ domain: attrs.domain ?? '', slug: attrs.nicename ?? '', name: text });
      break;
  }
}

/**
 * Reads the export at `file`, yielding the channel (once, before its first category or item), each category
 * the site defines, and each item (post, page, attachment, menu item, …) in the order of the file. Throws a
 * WxrError for a file that is not a WXR, is cut short, or declares a DOCTYPE.
 */
export async function* readWxr(file: string): AsyncGenerator<WxrEntry> {
  const parser = new SaxesParser();
  const ready: WxrEntry[] = [];
  const path: string[] = [];
  let failure: Error | null = null;
  let text = '';
  let attrs: Record<string, string> = {};
  let rootSeen = false;
  let namespaceOk = false;
  let channelDone = false;
  const channel: WxrChannel = { title: '', siteUrl: '', wxrVersion: '' };
  let channelLink = '';
  let item: WxrItem | null = null;
  let category: WxrCategory | null = null;
  let metaKey = '';
  let metaValue = '';
  let finished = false;

  const fail = (message: string): never => {
    throw new WxrError(message);
  };
  const emitChannel = () => {
    if (channelDone) return;
    if (!namespaceOk || !channel.wxrVersion) fail(NOT_WXR);
    channelDone = true;
    channel.siteUrl ||= channelLink;
    ready.push({ kind: 'channel', channel: { ...channel } });
  };

  parser.on('doctype', () =>
    fail('The file declares a DOCTYPE, which a WordPress export never has: refused without reading its entities.'),
  );
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    if (!rootSeen) {
      rootSeen = true;
      if (name !== 'rss') fail(NOT_WXR);
      namespaceOk = WXR_NAMESPACE.test(tag.attributes['xmlns:wp'] ?? '');
      if (!namespaceOk) fail(NOT_WXR);
    }
    path.push(name);
    text = '';
    attrs = tag.attributes;
    const depth = path.length;
    if (depth === 3 && path[1] === 'channel') {
      if (name === 'item') {
        emitChannel();
        item = emptyItem();
      } else if (name === 'wp:category') {
        emitChannel();
        category = { slug: '', name: '', parentSlug: '' };
      }
    } else if (depth === 4 && item && name === 'wp:postmeta') {
      metaKey = '';
      metaValue = '';
    }
  });
  const addText = (chunk: string) => {
    if (path.length < 4 && !(path.length === 3 && path[1] === 'channel')) return;
    text += chunk;
    if (text.length > WXR_MAX_FIELD_CHARS) fail('A field of the export is larger than any WordPress post: refused.');
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = tag.name;
    const depth = path.length;
    if (depth === 3 && path[1] === 'channel') {
      if (name === 'item' && item) {
        ready.push({ kind: 'item', item });
        item = null;
      } else if (name === 'wp:category' && category) {
        ready.push({ kind: 'category', category });
        category = null;
      } else if (name === 'title') channel.title = text.trim();
      else if (name === 'link') channelLink = text.trim();
      else if (name === 'wp:base_blog_url') channel.siteUrl = text.trim();
      else if (name === 'wp:wxr_version') channel.wxrVersion = text.trim();
    } else if (depth === 4 && item) {
      setItemField(item, name, text, attrs);
      if (name === 'wp:postmeta' && metaKey) item.meta[metaKey] = metaValue;
    } else if (depth === 4 && category) {
      if (name === 'wp:category_nicename') category.slug = text.trim();
      else if (name === 'wp:cat_name') category.name = text.trim();
      else if (name === 'wp:category_parent') category.parentSlug = text.trim();
    } else if (depth === 5 && item && path[3] === 'wp:postmeta') {
      if (name === 'wp:meta_key') metaKey = text.trim();
      else if (name === 'wp:meta_value') metaValue = text;
    } else if (depth === 1) finished = true;
    path.pop();
    text = '';
  });
  // Anything wrong before the first element is a file of another kind, not a damaged export.
  parser.on('error', (err: Error) => {
    failure ??= rootSeen ? err : new WxrError(NOT_WXR);
  });

  const write = (chunk: string | null) => {
    try {
      if (chunk === null) parser.close();
      else parser.write(chunk);
    } catch (err) {
      failure ??= err as Error;
    }
    if (failure instanceof WxrError) throw failure;
    if (failure && !rootSeen) throw new WxrError(NOT_WXR);
    if (failure) throw new WxrError(`The export is not well-formed XML (${failure.message.split('\n')[0]}).`);
  };

  const stream = createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) {
      write(chunk as string);
      while (ready.length > 0) yield ready.shift()!;
    }
    if (!finished) {
      if (!rootSeen) fail(NOT_WXR);
      fail('The export ends before its last element closes: the file is cut short. Export it again.');
    }
    write(null);
    emitChannel();
    while (ready.length > 0) yield ready.shift()!;
  } finally {
    stream.destroy();
  }
}
