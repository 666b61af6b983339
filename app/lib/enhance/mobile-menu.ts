/**
 * The phone menu is an HTML popover: its button opens and closes it, and Escape or a tap outside closes it,
 * without any script. This adds what HTML does not: the button's state and name follow the menu
 * (aria-expanded, "Open menu" / "Close menu", texts taken from the button's data attributes), and following a
 * link to a section of the page already shown closes the menu, as following any other link does.
 */
export function enhanceMobileMenu(): void {
  const button = document.querySelector<HTMLButtonElement>('button[data-menu-button]');
  const menu = button?.popoverTargetElement;
  if (!button || !(menu instanceof HTMLElement) || typeof menu.hidePopover !== 'function') return;
  const { labelOpen, labelClose } = button.dataset;

  const sync = () => {
    const open = menu.matches(':popover-open');
    button.setAttribute('aria-expanded', String(open));
    const label = open ? labelClose : labelOpen;
    if (label) button.setAttribute('aria-label', label);
  };
  menu.addEventListener('toggle', sync);
  menu.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) menu.hidePopover();
  });
  sync();
}
