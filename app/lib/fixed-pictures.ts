/**
 * The pictures the site ships with that the office does not edit: the sketch map shown until a visitor asks
 * for the interactive one, and the image link previews show. The map is the contact page's largest paint
 * and 4 KB of SVG, so it comes inside the page as a data: address, a round trip sooner; the
 * preview image is a hashed, long-cached address. (The banner drawings and the prospectus are content: the pages get them from the
 * database, app/lib/site-content.ts.)
 */
import collegeMapSvg from '#content/images/map/college-map.svg?raw';
import { svgDataUri } from '#common/svg-data-uri.ts';
import ogImage from '#content/images/og/og-image.jpg';
import { MAP_SIZE, OG_IMAGE_SIZE } from '#content/picture-sizes.ts';

/** The drawing describes itself: it shows the college where it stands, whatever its name in the content. */
export const mapPicture = {
  src: svgDataUri(collegeMapSvg),
  alt: 'Sketch map: Orbit College at Bikash Chowk, on the East–West Highway in the centre of Bharatpur',
  ...MAP_SIZE,
};

/** Shown by link previews (Open Graph); a raster image because previews do not show SVG. */
export const shareImage = {
  src: ogImage,
  alt: 'Drawing of the Orbit College building among green hills, with the words Orbit College, Open Up Your Future',
  ...OG_IMAGE_SIZE,
};
