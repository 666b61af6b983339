/**
 * The pictures the site ships with that the office does not edit: the sketch map shown until a visitor asks
 * for the interactive one, and the image link previews show. The map is the contact page's largest paint
 * and 4 KB of SVG, so it comes inside the page as a data: address, a round trip sooner; the
 * preview image is a hashed, long-cached address. (The banner drawings and the prospectus are content: the pages get them from the
 * database, app/lib/site-content.ts.)
 *
 * Both were drawn for the demo college and carry its name. A college by another name gets the sketch
 * labelled with its own name and address, and no preview image (a preview then shows its title and
 * description): no picture of another college's building under its name.
 */
import collegeMapSvg from '#content/images/map/college-map.svg?raw';
import { college as demoCollege } from '#content/college.ts';
import { mapSvg } from '#content/drawings.ts';
import { svgDataUri } from '#common/svg-data-uri.ts';
import ogImage from '#content/images/og/og-image.jpg';
import { MAP_SIZE, OG_IMAGE_SIZE } from '#content/picture-sizes.ts';

export interface FixedPicture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The drawing describes itself: it shows the college where it stands, whatever its name in the content. */
export const mapPicture: FixedPicture = {
  src: svgDataUri(collegeMapSvg),
  alt: 'Sketch map: Orbit College at Bikash Chowk, on the East–West Highway in the centre of Bharatpur',
  ...MAP_SIZE,
};

/** Shown by link previews (Open Graph); a raster image because previews do not show SVG. */
export const shareImage: FixedPicture = {
  src: ogImage,
  alt: 'Drawing of the Orbit College building among green hills, with the words Orbit College, Open Up Your Future',
  ...OG_IMAGE_SIZE,
};

/** Whether `englishName` is the one the fixed pictures were drawn with. */
const isDemoName = (englishName: string) => englishName === demoCollege.name;

const drawnMaps = new Map<string, FixedPicture>();

/**
 * The sketch map of the college stored as `englishName` at `place` (its address's first line in English): the
 * demo's own drawing for the demo college, else the same sketch labelled with the stored name. The labels
 * are English on both languages' pages, as the sketch's road names are: a picture in an <img> draws with the
 * device's fonts only, and not every device has Devanagari ones.
 */
export function mapPictureFor(englishName: string, place: string): FixedPicture {
  // The fixed drawing is labelled with the demo's street: only for the demo's name at the demo's address.
  if (isDemoName(englishName) && place === demoCollege.address.lines[0]) return mapPicture;
  const key = `${englishName}\n${place}`;
  let picture = drawnMaps.get(key);
  if (!picture) {
    picture = {
      src: svgDataUri(mapSvg(MAP_SIZE.width, MAP_SIZE.height, { name: englishName, place })),
      alt: place ? `Sketch map: ${englishName}, ${place}` : `Sketch map: ${englishName}`,
      ...MAP_SIZE,
    };
    // A rename or two in a process's life: the few drawings made stay; a flood of names does not.
    if (drawnMaps.size >= 8) drawnMaps.clear();
    drawnMaps.set(key, picture);
  }
  return picture;
}

/** The picture link previews show for the college stored as `englishName`: none when it is not the demo's. */
export const shareImageFor = (englishName: string): FixedPicture | null =>
  isDemoName(englishName) ? shareImage : null;
