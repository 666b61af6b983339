import { type NavContext, mobileNavItems } from '#app/lib/nav-items.ts';
import { motion } from '#app/lib/motion.ts';
import { CloseIcon, MenuIcon } from './site-icons.tsx';
import { NavItemLink } from './nav-item-link.tsx';

/**
 * The phone menu: an HTML popover opened and closed by a real button (Enter and Space work natively);
 * Escape and a tap outside close it, all without script. app/lib/enhance/mobile-menu.ts keeps the button's
 * aria-expanded and name (from its data attributes) in step with the menu, and closes the menu when one of
 * its links leads to a section of the page already shown. Without that script the browser still exposes
 * the button's expanded state from the popover.
 */
export function MobileMenu({ nav }: { nav: NavContext }) {
  const { ui } = nav;
  return (
    <>
      <button
        type="button"
        className={`menu-button ${motion.tap}`}
        popoverTarget="mobile-menu"
        aria-label={ui.nav.openMenu}
        data-label-open={ui.nav.openMenu}
        data-label-close={ui.nav.closeMenu}
        data-menu-button
      >
        <span className="menu-button__open">
          <MenuIcon />
        </span>
        <span className="menu-button__close">
          <CloseIcon />
        </span>
      </button>
      <div id="mobile-menu" className={`mobile-menu ${motion.fadeIn}`} popover="auto">
        <nav aria-label={ui.nav.mobileLabel}>
          <ul className="mobile-menu__list">
            {mobileNavItems(nav).map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} className="mobile-menu__link" />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}
