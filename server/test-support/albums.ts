import { expect } from 'vitest';
import type { Album, AlbumInput } from '#common/gallery.ts';
import { type AdminTestApp, multipart } from './admin-session.ts';

/** An album's fields as the office's form sends them, with `over` replacing any of them. */
export const albumInput = (slug: string, over: Partial<AlbumInput> = {}): AlbumInput => ({
  slug,
  titleEn: `Album ${slug}`,
  titleNe: `एल्बम ${slug}`,
  heldOn: '2082-10-19',
  descriptionEn: 'An event.',
  descriptionNe: 'एक कार्यक्रम।',
  published: true,
  ...over,
});

/** Creates an album through the admin API as the admin (201 expected). */
export async function createAlbum(t: AdminTestApp, slug: string, over: Partial<AlbumInput> = {}): Promise<Album> {
  const res = await t.asAdmin({ method: 'POST', url: '/api/admin/albums', payload: albumInput(slug, over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Album>();
}

/** Sends one photo to an album as the bulk uploader does: one file a request. */
export function uploadToAlbum(t: AdminTestApp, albumId: string, body: Buffer) {
  const { payload, headers } = multipart([{ body }]);
  return t.asAdmin({ method: 'POST', url: `/api/admin/albums/${albumId}/photos`, payload, headers });
}
