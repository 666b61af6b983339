import { FIRST_PAINT_WAIT_MS } from '#common/site-script-loader.ts';
import { afterFirstPaint } from './after-load.ts';

/** The family the stylesheet declares for the served Devanagari font (app/styles/devanagari-font.css). */
const DECLARED_FAMILY = 'Site Devanagari';
/**
 * The family the public pages' font stack names first when scripts run (app/styles/app.css). Nothing declares
 * it, so until this script registers it the browser skips it: no file is fetched before the first paint.
 */
const SCRIPTED_FAMILY = 'Site Devanagari Served';
/** The characters the font's files hold (its unicode-range) are all in the Devanagari block. */
const DEVANAGARI = /[\u0900-\u097f]/u;

/** The stylesheet's @font-face rules of the served font, wherever they sit (top level or inside @media). */
function declaredFaces(): CSSFontFaceRule[] {
  const found: CSSFontFaceRule[] = [];
  const walk = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSFontFaceRule) {
        if (rule.style.getPropertyValue('font-family').replace(/["']/gu, '') === DECLARED_FAMILY) found.push(rule);
      } else if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
    }
  };
  for (const sheet of document.styleSheets) {
    try {
      walk(sheet.cssRules);
    } catch {
      // A sheet from another origin cannot be read; the site has none, and it would not declare our font.
    }
  }
  return found;
}

/** The face a weight is drawn with: 600 and above take the bold file, lighter weights the regular one. */
const faceWeight = (weight: string | number) => (Number(weight) >= 600 ? 700 : 400);

/**
 * The weights (as faceWeight gives them) of the Devanagari text the page shows in a stack that names the served
 * family: a Nepali page's, or an English page's Nepali hint or title. The English pages' hidden 'नेपाली' is
 * set in the system's fonts. Read after the first paint, when every element's style is computed already.
 */
function drawnDevanagariWeights(): Set<number> {
  const weights = new Set<number>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && weights.size < 2; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !DEVANAGARI.test(node.nodeValue ?? '') || parent.closest('script, style, template')) continue;
    const style = getComputedStyle(parent);
    if (style.fontFamily.includes(SCRIPTED_FAMILY)) weights.add(faceWeight(style.fontWeight));
  }
  return weights;
}

/**
 * Gives the page the served Devanagari font once it has painted. Its two files (about 73 KB) then never
 * compete with the page's largest paint on a slow link: the text shows at once in the phone's own Devanagari
 * font and is redrawn in ours, as `font-display: swap` does for a font that arrives after the first paint.
 *
 * The stack already names the family (unregistered until now), so the redraw is one layout of the text on
 * screen and nothing else. On a page that shows Devanagari the files its text needs are loaded first and the
 * faces registered once they are in, so the text is redrawn once, with the font; switching the stack instead would
 * restyle every element and lay the text out twice (once more in the phone's font, once when the files come),
 * the longest task of a Nepali page on a slow phone. A face the page does not draw yet is registered unloaded:
 * the browser fetches it only if its text appears later (a name typed in Nepali), so an English page
 * downloads nothing. `html[data-fonts]` marks it done. Without JavaScript the stack names the declared
 * family from the start (`@media (scripting: none)`).
 */
export function addServedFontAfterPaint(): void {
  afterFirstPaint(() => {
    const root = document.documentElement;
    const done = () => {
      root.dataset.fonts = '';
    };
    if (typeof FontFace !== 'function' || !document.fonts) {
      // A browser without the font loading API: name the declared family in the stack itself.
      root.style.fontFamily = `'${DECLARED_FAMILY}', var(--system-fonts)`;
      done();
      return;
    }
    const faces = declaredFaces().map(
      (rule) =>
        new FontFace(SCRIPTED_FAMILY, rule.style.getPropertyValue('src'), {
          weight: rule.style.getPropertyValue('font-weight') || 'normal',
          unicodeRange: rule.style.getPropertyValue('unicode-range') || 'U+0-10FFFF',
          display: 'swap',
        }),
    );
    const register = () => {
      for (const face of faces) document.fonts.add(face);
      done();
    };
    const drawn = drawnDevanagariWeights();
    const needed = faces.filter((face) => drawn.has(faceWeight(face.weight)));
    if (needed.length === 0) {
      register();
      return;
    }
    // A file that fails to load leaves its text in the phone's font, and says so in the console.
    void Promise.allSettled(needed.map((face) => face.load())).then((results) => {
      for (const result of results)
        if (result.status === 'rejected') console.warn('The served Devanagari font did not load:', result.reason);
      register();
    });
  }, FIRST_PAINT_WAIT_MS);
}
