import type { AppLoadContext } from 'react-router';
import type { Image, ImageFolder } from '#common/image.ts';

export interface FolderData {
  /** null when the list could not be loaded (the page then says 'Something went wrong.'). */
  images: Image[] | null;
  maxUploadBytes: number;
}

/** The images of a folder for an admin page; a failure is logged and reported, not thrown. */
export async function loadFolder(context: AppLoadContext, folder: ImageFolder): Promise<FolderData> {
  const maxUploadBytes = context.services.images.limits.maxBytes;
  try {
    return { images: await context.services.images.list(folder), maxUploadBytes };
  } catch (err) {
    console.error(`Loading the ${folder} images failed`, err);
    return { images: null, maxUploadBytes };
  }
}
