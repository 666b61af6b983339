import { describe, expect, it } from 'vitest';
import { galleriesIn, pageOfPhotos } from './wordpress-gallery.ts';

const image = (id: number, caption = '') =>
  `<!-- wp:image {"id":${id}} -->\n<figure class="wp-block-image"><img src="/a-${id}.jpg" alt="" class="wp-image-${id}"/>` +
  `${caption ? `<figcaption class="wp-element-caption">${caption}</figcaption>` : ''}</figure>\n<!-- /wp:image -->`;
const none = () => [];

describe('galleries in a WordPress post', () => {
  it('reads the [gallery] shortcode with its ids in their order, and without ids the photos uploaded to the post', () => {
    expect(galleriesIn('Before [gallery ids="43,41, 42" columns="3"] after', none)).toEqual([[43, 41, 42]]);
    expect(galleriesIn("[gallery ids='7']", none)).toEqual([[7]]);
    expect(galleriesIn('[gallery columns="2"]', () => [5, 6])).toEqual([[5, 6]]);
  });

  it('reads a Gallery block by the wp-image classes of its images, and several galleries in their order', () => {
    const block = `<!-- wp:gallery {"linkTo":"none"} -->\n<figure class="wp-block-gallery">${image(28)}${image(29)}</figure>\n<!-- /wp:gallery -->`;
    expect(galleriesIn(`<p>Photos:</p>${block}[gallery ids="3"]`, none)).toEqual([[28, 29], [3]]);
  });

  it('finds no gallery in a post with only an image or none', () => {
    expect(galleriesIn(`<p>Text</p>${image(5)}`, none)).toEqual([]);
    expect(galleriesIn('[gallery ids=""]', none)).toEqual([]);
  });
});

describe('a page of photos', () => {
  it('is a page of two images or more and a line of text, captions not counted as its text', () => {
    const captions = 'a long caption of many words that describe the photo in detail '.repeat(3);
    expect(pageOfPhotos(`<p>Our campus in pictures.</p>${image(13, captions)}${image(14, captions)}`)).toEqual([
      13, 14,
    ]);
  });

  it('is not a page of one image, nor a page of text with images in it', () => {
    expect(pageOfPhotos(`<p>One photo.</p>${image(13)}`)).toBeNull();
    const text = `<p>${'The hostel is for students who live outside the valley. '.repeat(5)}</p>`;
    expect(pageOfPhotos(`${text}${image(13)}${image(14)}`)).toBeNull();
  });
});
