/**
 * The college's static pictures and files. Imported by the app only: Vite turns each import into a
 * hashed, long-cached URL. The drawings are placeholders made by scripts/generate-drawings.ts; replace a
 * file (same name and size, or update picture-sizes.ts) to use real photographs.
 */
import banner1 from './images/banner/banner-1.svg';
import banner2 from './images/banner/banner-2.svg';
import banner3 from './images/banner/banner-3.svg';
import banner4 from './images/banner/banner-4.svg';
import banner5 from './images/banner/banner-5.svg';
import banner6 from './images/banner/banner-6.svg';
import banner7 from './images/banner/banner-7.svg';
import collegeMap from './images/map/college-map.svg';
import ogImage from './images/og/og-image.jpg';
import prospectus from './files/prospectus.pdf?url';
import { BANNER_SIZE, MAP_SIZE, OG_IMAGE_SIZE } from './picture-sizes.ts';

export interface Picture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

const banner = (src: string, alt: string): Picture => ({ src, alt, ...BANNER_SIZE });

/** The home page's rotating banner, in order; the first is the page's largest paint and is preloaded. */
export const bannerPictures: Picture[] = [
  banner(banner1, 'Drawing of the college building among green hills under a clear blue sky'),
  banner(banner2, 'Drawing of the college building at dawn, with an orange sky and purple hills'),
  banner(banner3, 'Drawing of the college building in a green valley under a teal sky'),
  banner(banner4, 'Drawing of the college building at dusk under a pink evening sky'),
  banner(banner5, 'Drawing of the college building on a bright morning with a pale blue sky'),
  banner(banner6, 'Drawing of the college building in golden afternoon light'),
  banner(banner7, 'Drawing of the college building under a light sky with an orange sun'),
];

export const mapPicture: Picture = {
  src: collegeMap,
  alt: 'Sketch map: Orbit College at Bikash Chowk, on the East–West Highway in the centre of Bharatpur',
  ...MAP_SIZE,
};

/** Shown by link previews (Open Graph); a raster image because previews do not show SVG. */
export const shareImage = { src: ogImage, ...OG_IMAGE_SIZE };

/** PLACEHOLDER prospectus: a one-page PDF saying the real prospectus is coming. Set to '' to hide the link. */
export const prospectusUrl: string = prospectus;
