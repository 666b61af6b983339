import type { AppLoadContext } from 'react-router';
import type { ImageFolder } from '#common/image.ts';
import { requirePermission } from './admin-guard.server.ts';

/** The images of a folder for an admin page; a failure goes to the admin layout's error boundary. */
export async function loadFolder(context: AppLoadContext, folder: ImageFolder) {
  await requirePermission(context, 'photos.edit');
  return {
    images: await context.services.images.list(folder),
    maxUploadBytes: context.services.images.limits.maxBytes,
  };
}
