/**
 * An album's photos open in a full-screen viewer on a tap. Only this listener is part of the site script: the
 * viewer (PhotoSwipe and its styles, about 19 KB compressed) is a chunk of its own, fetched on the first tap,
 * so the album page's first load stays within its budget. A tap with a modifier key (a new tab or window), or
 * a chunk that cannot be fetched, leaves the link to open the photo's own page as it does without script.
 */
export function enhanceGalleryViewer(): void {
  const grid = document.querySelector<HTMLElement>('[data-gallery-viewer]');
  if (!grid) return;
  grid.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link?.hasAttribute('data-pswp-width') || !grid.contains(link)) return;
    event.preventDefault();
    import('./gallery-viewer.ts')
      .then((viewer) => viewer.openViewer(grid, link))
      .catch((error: unknown) => {
        console.error('The photo viewer could not be opened; opening the photo page instead.', error);
        location.assign(link.href);
      });
  });
}
