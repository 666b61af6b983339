import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { motion } from '#app/lib/motion.ts';
import { useSiteContent } from '#app/lib/site-content.ts';

/**
 * A call-to-action link styled as a button. Nothing is rendered without an address, so a button whose
 * URL is not configured is hidden rather than linking nowhere. `newTab` opens it in a new tab. A site address
 * ('/gallery') leads to the page in the page's language.
 */
export function CtaLink({
  href,
  newTab = false,
  variant = 'accent',
  children,
}: {
  href: string;
  newTab?: boolean;
  variant?: 'accent' | 'primary' | 'light';
  children: ReactNode;
}) {
  const { ui, href: inLanguage } = useSiteContent();
  if (!href) return null;
  const className = `btn btn--${variant} ${motion.tap}`;
  if (newTab || /^[a-z]+:/iu.test(href)) {
    return (
      <a className={className} href={href} target="_blank" rel="noopener">
        {children}
        <span className="sr-only">{ui.common.opensInNewTab}</span>
      </a>
    );
  }
  return (
    <Link className={className} to={href.startsWith('/') ? inLanguage(href) : href}>
      {children}
    </Link>
  );
}
