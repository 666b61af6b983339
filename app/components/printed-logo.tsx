import type { Logo } from '#common/site-content/college.ts';

/** The height the logo is drawn at on a page meant for printing, in CSS pixels (the stylesheet may scale it). */
const HEIGHT = 48;

/**
 * The college's uploaded logo at the head of a page a family prints (an admit card, the application's
 * confirmation), before the college's name: decoration beside the name, so no words of its own.
 */
export function PrintedLogo({ logo, className }: { logo: Logo; className: string }) {
  const width = Math.max(1, Math.round((HEIGHT * logo.width) / logo.height));
  return <img className={className} src={logo.url} width={width} height={HEIGHT} alt="" />;
}
