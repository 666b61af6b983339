/**
 * Content's face: the college's own text, names and logo, as the rest of the server and app/ use them.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The content service
export { createContentService } from './content.service.ts';

// The college's name, short name, reference prefix and messages' sender, read from its content
export {
  nameNewCollege,
  readCollegeName,
  readCollegeShortName,
  readMessageFrom,
  readReferencePrefix,
} from './college-name.ts';

// Reading and editing stored content sections (the first start and the demo write through these)
export { editLatest, editSection, editSectionWithin, readAllSections, replaceSection } from './section-store.ts';

// The stored shape of the sections
export type { StoredLogo, StoredSections } from './stored-sections.ts';

// The first start's default sections
export { defaultSections } from './content-defaults.ts';

// The logo: preparing an upload and the printed copy
export { type PrintLogo, prepareLogo } from './logo-files.ts';

// Reading an uploaded file from a multipart request
export { type UploadErrors, readUpload } from './multipart-upload.ts';

// The site content's stored files, as the storage sweep and check-storage see them
export { siteContentFiles } from './content.files.ts';

// Routes
export { publicContentRoutes } from './content.routes.ts';
export { contentFilesRoutes } from './content-files.routes.ts';
export { adminContentRoutes } from './content.admin.routes.ts';
export { adminContentUploadRoutes } from './content.uploads.routes.ts';
