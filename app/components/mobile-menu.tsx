import { useEffect, useRef, useState } from 'react';
import { mobileNavItems } from '#app/lib/nav-items.ts';
import { motion } from '#app/lib/motion.ts';
import { MenuIcon } from './site-icons.tsx';
import { NavItemLink } from './nav-item-link.tsx';

/**
 * The phone menu: a real button (Enter and Space work natively) that shows and hides the list. Escape
 * closes it and puts focus back on the button; following a link closes it too.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`menu-button ${motion.tap}`}
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        onClick={() => setOpen((o) => !o)}
      >
        <MenuIcon open={open} />
      </button>
      <div
        ref={panelRef}
        id="mobile-menu"
        className={`mobile-menu ${motion.fadeIn}`}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
      >
        <nav aria-label="Mobile">
          <ul className="mobile-menu__list">
            {mobileNavItems.map((item) => (
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
