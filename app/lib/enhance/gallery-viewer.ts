/**
 * The album's full-screen viewer (PhotoSwipe 5), loaded by gallery-viewer-start.ts on the first tap: swipe
 * between the album's photos, pinch or tap to zoom into the largest variant, each photo's caption and alt
 * text, and the labels in the page's language (read from the grid's data attributes).
 *
 * The phone's back button closes the viewer and leaves the visitor on the album: opening pushes a history
 * entry (the shown photo's own address, kept current while swiping, so a reload or a shared address opens
 * that photo's page), the back button's popstate closes the viewer, and closing it any other way (×, Esc,
 * a swipe down) goes back over that entry, so the history holds the album once.
 */
import PhotoSwipe, { type SlideData } from 'photoswipe';
import viewerCss from 'photoswipe/style.css?inline';
import pagesViewerCss from '#app/styles/gallery-viewer.css?inline';

interface PhotoData extends SlideData {
  href: string;
  caption: string;
  captionLang: string;
  position: string;
}

const OPEN_STATE = 'gallery-viewer';

function addStyles(): void {
  if (document.getElementById('gallery-viewer-style')) return;
  const style = document.createElement('style');
  style.id = 'gallery-viewer-style';
  style.textContent = viewerCss + pagesViewerCss;
  document.head.append(style);
}

function photoOf(link: HTMLAnchorElement): PhotoData {
  const img = link.querySelector('img');
  const words = link.querySelector<HTMLElement>('.gallery-grid__words');
  return {
    element: link,
    src: link.dataset.pswpSrc ?? link.href,
    srcset: link.dataset.pswpSrcset ?? '',
    width: Number(link.dataset.pswpWidth),
    height: Number(link.dataset.pswpHeight),
    msrc: img?.currentSrc || img?.src || '',
    alt: img?.alt ?? '',
    href: link.href,
    caption: words?.textContent?.trim() ?? '',
    captionLang: words?.lang || '',
    position: link.dataset.position ?? '',
  };
}

export function openViewer(grid: HTMLElement, opened: HTMLAnchorElement): void {
  addStyles();
  const links = [...grid.querySelectorAll<HTMLAnchorElement>('a[data-pswp-width]')];
  const photos = links.map(photoOf);
  const labels = grid.dataset;
  const pswp = new PhotoSwipe({
    dataSource: photos,
    index: Math.max(0, links.indexOf(opened)),
    closeTitle: labels.viewerClose ?? '',
    zoomTitle: labels.viewerZoom ?? '',
    arrowPrevTitle: labels.viewerPrevious ?? '',
    arrowNextTitle: labels.viewerNext ?? '',
    errorMsg: labels.viewerError ?? '',
    bgOpacity: 0.92,
  });
  const current = (): PhotoData | undefined => pswp.currSlide?.data as PhotoData | undefined;

  pswp.on('uiRegister', () => {
    pswp.ui?.registerElement({
      name: 'caption',
      order: 9,
      isButton: false,
      appendTo: 'root',
      onInit: (element) => {
        element.setAttribute('aria-live', 'polite');
        pswp.on('change', () => {
          const photo = current();
          element.textContent = photo?.caption ?? '';
          element.hidden = !photo?.caption;
          if (photo?.captionLang) element.lang = photo.captionLang;
          else element.removeAttribute('lang');
          // The counter in the page's words and digits ("तस्बिर १२ मध्ये ३"), in place of PhotoSwipe's "3 / 12".
          const counter = pswp.element?.querySelector('.pswp__counter');
          if (counter && photo?.position) counter.textContent = photo.position;
        });
      },
    });
  });

  // PhotoSwipe ignores close() during its opening animation (a third of a second): a tap on × or the back
  // button in that time would leave the viewer open over the album. Such a close waits for the animation's end.
  const closeAtOnce = pswp.close.bind(pswp);
  pswp.close = () => {
    if (pswp.opener.isOpening) pswp.on('openingAnimationEnd', closeAtOnce);
    else closeAtOnce();
  };

  let closedByBack = false;
  const onPopState = () => {
    closedByBack = true;
    pswp.close();
  };
  pswp.on('change', () => {
    const photo = current();
    if (photo && history.state === OPEN_STATE) history.replaceState(OPEN_STATE, '', photo.href);
  });
  pswp.on('close', () => {
    window.removeEventListener('popstate', onPopState);
    if (!closedByBack && history.state === OPEN_STATE) history.back();
  });

  history.pushState(OPEN_STATE, '', photos[pswp.options.index ?? 0]?.href);
  window.addEventListener('popstate', onPopState);
  pswp.init();
}
