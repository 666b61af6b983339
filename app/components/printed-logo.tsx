import type { Logo } from '#common/site-content/college.ts';
import { logoMarkUrl } from '#common/site-content/logo.ts';

/** The height the logo is drawn at on a page meant for printing, in CSS pixels (the stylesheet may scale it). */
const HEIGHT = 48;

/**
 * The college's uploaded logo at the head of a page a family prints (an admit card, the application's
 * confirmation, a notice), before the college's name: decoration beside the name, so no words of its own. It is
 * the header's own copy (a PNG's small copy, 108 px high: sharp at this height on paper), so a page that hides
 * its printed head on screen asks for no second picture, and never for the whole upload.
 */
export function PrintedLogo({ logo, className }: { logo: Logo; className: string }) {
  const width = Math.max(1, Math.round((HEIGHT * logo.width) / logo.height));
  return <img className={className} src={logoMarkUrl(logo.url)} width={width} height={HEIGHT} alt="" />;
}
