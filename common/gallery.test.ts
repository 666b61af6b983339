import { describe, expect, it } from 'vitest';
import { AlbumInputSchema, albumSlugFrom } from './gallery.ts';

describe('albumSlugFrom', () => {
  it('makes an address from an English title: lower case, accents dropped, words joined by single hyphens', () => {
    expect(albumSlugFrom('Saraswati Pūjā 2082!')).toBe('saraswati-puja-2082');
    expect(albumSlugFrom('  Sports Week -- Day 1 ')).toBe('sports-week-day-1');
  });

  it('stops at a word within 60 characters', () => {
    const slug = albumSlugFrom('The annual inter-college football tournament of Chitwan district, final day');
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug).toBe('the-annual-inter-college-football-tournament-of-chitwan');
  });

  it('falls back to album, or album-<B.S. day>, for a title without Latin letters or digits', () => {
    expect(albumSlugFrom('सरस्वती पूजा')).toBe('album');
    expect(albumSlugFrom('सरस्वती पूजा', '2082-10-19')).toBe('album-2082-10-19');
  });

  it('is an address the album form accepts', () => {
    const input = {
      titleEn: 'x',
      titleNe: '',
      heldOn: '',
      descriptionEn: '',
      descriptionNe: '',
      published: true,
    };
    for (const title of ['Saraswati Pūjā 2082!', 'सरस्वती पूजा', 'A'.repeat(200)]) {
      expect(AlbumInputSchema.safeParse({ ...input, slug: albumSlugFrom(title, '2082-10-19') }).success).toBe(true);
    }
  });
});
