/**
 * The public pages' one inline script. It loads the site script (the address in its tag's `data-src`) once
 * the first paint is reported (after it happened), or after 3 s in a tab that has not painted, so
 * that not even this small file is fetched before the page shows: on a slow link every request made
 * before the first paint delays it. Its text never changes, so the pages' Content-Security-Policy allows
 * it by its hash (server/security-headers.ts) and no other inline script can run. A browser without paint
 * timing loads the script at once.
 */
/** The most a first paint is waited for before the enhancements load anyway (a tab opened in the background). */
export const FIRST_PAINT_WAIT_MS = 3_000;

export const SITE_SCRIPT_LOADER =
  '(function(){var s=document.currentScript,d=0,l=function(){if(!d){d=1;import(s.dataset.src)}},' +
  'P=window.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf("paint")<0)return l();' +
  'new P(function(e,o){o.disconnect();l()})' +
  `.observe({type:"paint",buffered:true});setTimeout(l,${FIRST_PAINT_WAIT_MS})})()`;
