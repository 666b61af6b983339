import { FIRST_PAINT_WAIT_MS } from '#common/site-script-loader.ts';
import { afterFirstPaint } from './after-load.ts';

/**
 * Puts the served Devanagari font into the page's font stack once the page has painted (app/styles/app.css,
 * `html[data-fonts]`). Its two files (about 73 KB) then never compete with the page's largest paint on a
 * slow link: the text shows at once in the phone's own Devanagari font and is redrawn in ours when it comes,
 * as `font-display: swap` does for a font that arrives after the first paint. Without JavaScript the stack
 * has the font from the start (`@media (scripting: none)`).
 */
export function addServedFontAfterPaint(): void {
  afterFirstPaint(() => {
    document.documentElement.dataset.fonts = '';
  }, FIRST_PAINT_WAIT_MS);
}
