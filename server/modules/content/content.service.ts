import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { SECTION_SCHEMAS, type SectionUpdate, type VersionedView } from '#common/site-content/sections.ts';
import type { Checklist, ContentSection, SiteContent } from '#common/site-content/site.ts';
import type { ContentVersion } from '#server/cache/content-version.ts';
import { type Actor, authorize } from '#server/auth/actor.ts';
import type { Clock } from '#server/clock.ts';
import type { Db } from '#server/db/db.ts';
import { badRequest } from '#server/errors.ts';
import type { ImageLimits } from '#server/images/image-pipeline.ts';
import type { Storage } from '#server/storage/storage.ts';
import { DRAWINGS_PATH, builtinFiles } from './builtin-files.ts';
import { type SetupFacts, setupChecklist } from './checklist.ts';
import { defaultSections } from './content-defaults.ts';
import { removeDroppedFiles } from './content.files.ts';
import { createContentUploads } from './content-uploads.ts';
import { type PresentDeps, presentSection, presentSite } from './present.ts';
import { type SectionState, readAllSections, readSection, saveSection } from './section-store.ts';
import { APPLY_UPDATE } from './section-updates.ts';
import {
  ICON_SIZES,
  type IconPath,
  LOGO_PATH,
  type PrintLogo,
  defaultIconSource,
  drawIcon,
  drawLogoMark,
  logoUrl,
  printLogo,
} from './logo-files.ts';
import { logoMarkUrl } from '#common/site-content/logo.ts';
import type { StoredLogo } from './stored-sections.ts';

export interface ContentServiceDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  urlFor: (key: string) => string;
  /** The same limits as photo uploads. */
  imageLimits: ImageLimits;
  /** The shared content version (server/cache/content-version.ts), also read by the render cache. */
  versions: ContentVersion;
  clock: Clock;
  /** What the setup checklist knows besides the content (the admission season). */
  setupFacts: () => Promise<SetupFacts>;
}

/** The prospectus as served: the college's upload, or the placeholder the site ships with. */
export interface ProspectusFile {
  body: Readable | Buffer;
  bytes: number;
  sha256: string;
}

/** The service's own check of an update (the routes and the admin forms check with the same schema). */
function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest('validation', parsed.error.issues[0]?.message ?? 'The content is not valid.');
  return parsed.data;
}

export function createContentService({
  db,
  storage,
  log,
  urlFor,
  imageLimits,
  versions,
  clock,
  setupFacts,
}: ContentServiceDeps) {
  let cached: { version: number; site: Promise<SiteContent> } | null = null;
  // Icons are drawn once per logo and size (by sha256), so the logo's last icons are all that is kept.
  let icons: { sha256: string; bySize: Map<string, Promise<Buffer>> } | null = null;
  /** The PNG logo's small copy for the mark, drawn once per logo. */
  let logoMark: { sha256: string; drawn: Promise<Buffer> } | null = null;

  /** The stored logo's bytes, or null when there is none (or its file is missing, which is logged). */
  async function readLogo(logo: StoredLogo | null): Promise<Buffer | null> {
    if (!logo) return null;
    const object = await storage.get(logo.key);
    if (!object) {
      log.error({ key: logo.key }, 'the logo file is missing from storage');
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of object.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  const presentDeps = async (): Promise<PresentDeps> => ({ urlFor, builtins: await builtinFiles() });

  async function loadSite(): Promise<SiteContent> {
    const sections = await readAllSections(db, (section, err) =>
      log.error({ err, section }, 'stored content is unreadable; the pages show its defaults'),
    );
    return presentSite(sections, await presentDeps());
  }

  async function view<S extends ContentSection>(section: S, state: SectionState<S>): Promise<VersionedView<S>> {
    const content = presentSection(section, state.data, await presentDeps());
    return { ...content, version: state.version, updatedAt: state.updatedAt };
  }

  /**
   * Everything the public pages show, read from the database once per content version: the version is
   * read first, so content read after it is never older than the version it is kept under.
   */
  async function site(): Promise<SiteContent> {
    const version = await versions.current();
    if (cached?.version !== version) {
      const loading = loadSite();
      cached = { version, site: loading };
      loading.catch(() => {
        if (cached?.site === loading) cached = null;
      });
    }
    return cached.site;
  }

  return {
    site,

    /** The addresses the pages frame (map, video), for the pages' Content-Security-Policy. */
    async embedUrls(): Promise<string[]> {
      const { college } = await site();
      return [college.mapEmbedUrl, college.videoUrl].filter((url) => url !== '');
    },

    async get<S extends ContentSection>(section: S): Promise<VersionedView<S>> {
      return view(section, await readSection(db, section));
    },

    /** Saves a section edited from `version`; 409 when someone else saved it since. */
    async update<S extends ContentSection>(
      actor: Actor,
      section: S,
      input: SectionUpdate<S> & { version: number },
    ): Promise<VersionedView<S>> {
      authorize(actor, 'content.edit');
      const { version, ...fields } = input;
      const update = validate(SECTION_SCHEMAS[section].update, fields) as SectionUpdate<S>;
      const edit = await saveSection(db, { actor, at: clock.now() }, section, version, (current) =>
        APPLY_UPDATE[section](current.data, update),
      );
      await removeDroppedFiles(storage, log, edit.before.data, edit.after.data);
      return view(section, edit.after);
    },

    uploads: createContentUploads({ db, storage, log, imageLimits, clock }),

    /** Present the section an upload changed, as its admin read would. */
    view,

    /** Each placeholder the college has not replaced yet, for the admin dashboard. */
    async checklist(): Promise<Checklist> {
      const now = await readAllSections(db, (section, err) => {
        throw new Error(`The stored ${section} content is unreadable`, { cause: err });
      });
      return setupChecklist(now, defaultSections(), await setupFacts());
    },

    /** The prospectus to serve at its public address, or null when the college has none. */
    async prospectusFile(): Promise<ProspectusFile | null> {
      const { prospectus } = (await readSection(db, 'downloads')).data;
      if (prospectus === null) return null;
      if (prospectus.kind === 'builtin') {
        const { body, sha256 } = (await builtinFiles()).prospectus;
        return { body, bytes: body.length, sha256 };
      }
      const object = await storage.get(prospectus.key);
      if (!object) {
        log.error({ key: prospectus.key }, 'the prospectus file is missing from storage');
        return null;
      }
      return { body: object.body, bytes: object.size, sha256: prospectus.sha256 };
    },

    /**
     * The first banner slide's picture as a `data:` address when it is one of the drawings the site ships
     * with (about 1.3 KB compressed): the home page then paints it with its HTML, a round trip sooner than
     * from its address. A photo the college uploaded stays a responsive picture, preloaded.
     */
    async firstSlideInline(): Promise<string | null> {
      const first = (await site()).banner.slides[0]?.picture;
      if (!first || first.srcset || !first.src.startsWith(DRAWINGS_PATH)) return null;
      return (await builtinFiles()).drawingsByFile.get(first.src.slice(DRAWINGS_PATH.length))?.dataUri ?? null;
    },

    /** The stored logo drawn for a printout (a PNG as a data: address), or null without one. */
    async printLogo(): Promise<PrintLogo | null> {
      const { logo } = (await readSection(db, 'college')).data;
      const body = await readLogo(logo);
      return logo && body ? printLogo(body, logo.format) : null;
    },

    /**
     * The logo at its public address (`<sha256>.<format>`), or a PNG logo's small copy for the mark
     * (`<sha256>-h<pixels>.png`, drawn once per logo); null when that is not the current logo.
     */
    async logoFile(name: string): Promise<{ body: Buffer; format: StoredLogo['format'] } | null> {
      const { logo } = (await readSection(db, 'college')).data;
      if (!logo) return null;
      const own = logoUrl(logo).slice(LOGO_PATH.length);
      const mark = logo.format === 'png' ? logoMarkUrl(logoUrl(logo)).slice(LOGO_PATH.length) : null;
      if (name !== own && name !== mark) return null;
      const body = await readLogo(logo);
      if (!body) return null;
      if (name === own) return { body, format: logo.format };
      if (logoMark?.sha256 !== logo.sha256) {
        const drawn = drawLogoMark(body);
        logoMark = { sha256: logo.sha256, drawn };
        drawn.catch(() => (logoMark = null));
      }
      return { body: await logoMark.drawn, format: 'png' };
    },

    /**
     * One of the square icons (favicon, apple-touch, app icons), drawn from the logo or, without one, from
     * the mark the site ships with; `etag` changes when the logo does.
     */
    async icon(path: IconPath): Promise<{ body: Buffer; etag: string }> {
      const { logo } = (await readSection(db, 'college')).data;
      const sha256 = logo?.sha256 ?? (await defaultIconSource()).sha256;
      if (icons?.sha256 !== sha256) icons = { sha256, bySize: new Map() };
      let drawn = icons.bySize.get(path);
      if (!drawn) {
        drawn = (async () => {
          // A logo whose file is missing (logged) is drawn as the shipped mark meanwhile.
          const source = (await readLogo(logo)) ?? (await defaultIconSource()).body;
          return drawIcon(source, ICON_SIZES[path], path === '/apple-touch-icon.png');
        })();
        const { bySize } = icons;
        bySize.set(path, drawn);
        drawn.catch(() => bySize.delete(path));
      }
      return { body: await drawn, etag: `"${sha256.slice(0, 24)}-${ICON_SIZES[path]}"` };
    },

    /** A banner drawing by the last part of its address. */
    async drawing(file: string) {
      return (await builtinFiles()).drawingsByFile.get(file) ?? null;
    },
  };
}
export type ContentService = ReturnType<typeof createContentService>;
