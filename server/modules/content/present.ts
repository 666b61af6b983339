import type { SitePicture } from '#common/site-content/picture.ts';
import { PROSPECTUS_URL, type Downloads } from '#common/site-content/downloads.ts';
import type { SectionView } from '#common/site-content/sections.ts';
import type { ContentSection, SiteContent } from '#common/site-content/site.ts';
import type { StoredVariant } from '#server/images/variants.ts';
import type { BuiltinFiles } from './builtin-files.ts';
import { logoUrl } from './logo-files.ts';
import type { StoredPicture, StoredSections, StoredUpload } from './stored-sections.ts';

export interface PresentDeps {
  urlFor: (key: string) => string;
  builtins: BuiltinFiles;
}

function presentUpload(picture: StoredUpload, urlFor: (key: string) => string): SitePicture {
  const ofFormat = (format: StoredVariant['format']) =>
    picture.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
  const srcset = (format: StoredVariant['format']) =>
    ofFormat(format)
      .map((v) => `${urlFor(v.key)} ${v.width}w`)
      .join(', ');
  const jpegs = ofFormat('jpeg');
  // A middle width for a plain <img src>, as gallery photos have.
  const middle = jpegs[Math.min(1, jpegs.length - 1)];
  if (!middle) throw new Error(`Picture ${picture.id} has no JPEG variant`);
  return {
    id: picture.id,
    src: urlFor(middle.key),
    width: picture.width,
    height: picture.height,
    srcset: { avif: srcset('avif'), webp: srcset('webp'), jpeg: srcset('jpeg') },
    isDefault: false,
  };
}

function presentPicture(picture: StoredPicture, deps: PresentDeps): SitePicture {
  if (picture.kind === 'upload') return presentUpload(picture, deps.urlFor);
  const drawing = deps.builtins.drawings.get(picture.name);
  if (!drawing) throw new Error(`No drawing named ${picture.name}`);
  return {
    id: `drawing-${picture.name}`,
    src: drawing.url,
    width: drawing.width,
    height: drawing.height,
    srcset: null,
    isDefault: true,
  };
}

function presentDownloads({ prospectus }: StoredSections['downloads'], deps: PresentDeps): Downloads {
  if (prospectus === null) return { prospectus: null };
  if (prospectus.kind === 'builtin') {
    const file = deps.builtins.prospectus;
    return {
      prospectus: {
        url: PROSPECTUS_URL,
        bytes: file.body.length,
        pages: null,
        uploadedAt: null,
        isDefault: true,
      },
    };
  }
  const { bytes, pages, uploadedAt } = prospectus;
  return { prospectus: { url: PROSPECTUS_URL, bytes, pages, uploadedAt, isDefault: false } };
}

type Presenters = { [S in ContentSection]: (data: StoredSections[S], deps: PresentDeps) => SectionView<S> };

/** Stored sections as the pages and the API show them: pictures as addresses, never storage keys. */
const PRESENTERS: Presenters = {
  college: ({ logo, ...college }) => ({
    ...college,
    logo: logo && { url: logoUrl(logo), width: logo.width, height: logo.height },
  }),
  banner: (data, deps) => ({
    slides: data.slides.map((s) => ({ id: s.id, alt: s.alt, picture: presentPicture(s.picture, deps) })),
  }),
  courses: (data, deps) => ({
    cards: data.cards.map((card) => ({
      ...card,
      icon:
        card.icon.kind === 'icon'
          ? card.icon
          : { kind: 'picture' as const, picture: presentUpload(card.icon.picture, deps.urlFor) },
    })),
  }),
  'footer-courses': (data) => data,
  messages: (data, deps) => ({
    chairman: { ...data.chairman, photo: data.chairman.photo && presentUpload(data.chairman.photo, deps.urlFor) },
    principal: { ...data.principal, photo: data.principal.photo && presentUpload(data.principal.photo, deps.urlFor) },
  }),
  testimonials: (data) => data,
  'why-choose-us': (data) => data,
  downloads: presentDownloads,
};

export function presentSection<S extends ContentSection>(
  section: S,
  data: StoredSections[S],
  deps: PresentDeps,
): SectionView<S> {
  return PRESENTERS[section](data, deps);
}

export function presentSite(sections: StoredSections, deps: PresentDeps): SiteContent {
  return {
    college: presentSection('college', sections.college, deps),
    banner: presentSection('banner', sections.banner, deps),
    courses: presentSection('courses', sections.courses, deps),
    footerCourses: presentSection('footer-courses', sections['footer-courses'], deps),
    messages: presentSection('messages', sections.messages, deps),
    testimonials: presentSection('testimonials', sections.testimonials, deps),
    whyChooseUs: presentSection('why-choose-us', sections['why-choose-us'], deps),
    downloads: presentSection('downloads', sections.downloads, deps),
  };
}
