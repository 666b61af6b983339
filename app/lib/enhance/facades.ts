/**
 * Click-to-load embeds (the map on /contact, the video on /). Without script, the facade's button submits a
 * GET form and the server answers with the same page and the embed in place. With script, the embed is
 * taken from the facade's inert <template> (which makes no request) and put in place of the facade, without
 * leaving the page; focus moves to it, since the button that had focus is gone.
 */
export function enhanceFacades(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-facade-form')) return;
    const facade = form.closest<HTMLElement>('[data-facade]');
    const template = facade?.querySelector<HTMLTemplateElement>('template[data-facade-embed]');
    const placeholder = facade?.querySelector<HTMLElement>('[data-facade-placeholder]');
    if (!facade || !template || !placeholder) return;
    event.preventDefault();
    placeholder.replaceWith(template.content.cloneNode(true));
    for (const note of facade.querySelectorAll('[data-facade-note]')) note.remove();
    facade.querySelector('iframe')?.focus();
  });
}
