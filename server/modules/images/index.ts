/**
 * Images' face: album photos and site pictures, their queue and files, as the rest of the server uses them.
 * Other modules, app/, scripts/ and tests import from here, never from the files behind it.
 */

// The images and albums services, and the stored keys of a picture
export { type ImagesService, createImagesService, fileKeys } from './images.service.ts';
export { type AlbumsService, createAlbumsService } from './albums.service.ts';

// Image and album rows others remove or count (the demo's removal; the concurrency test of the photo limit)
export { countImages, deleteImage, insertImageWithinLimit } from './images.repository.ts';
export { clearCover, deleteAlbum, findAlbum, findImages, photoCounts } from './albums.repository.ts';

// The pictures' stored files and where originals wait
export { PHOTO_ORIGINAL_PREFIX, imageFiles, photoOriginalFiles } from './images.files.ts';

// The photo process and its queue
export { type PhotoProcess, ProcessTimeoutError, createPhotoProcess } from './photo-process.ts';
export { type PhotoSource, storedSource } from './photo-source.ts';
export { createPhotoQueue } from './photo-queue.ts';

// Routes
export { publicImagesRoutes } from './images.routes.ts';
export { adminImagesRoutes } from './images.admin.routes.ts';
export { adminAlbumsRoutes } from './albums.admin.routes.ts';
