import type { ReactNode } from 'react';

/**
 * The button of a click-to-load embed. It submits a GET form, so without script it asks the server for the
 * same page with `name=value` (and the embed shown), scrolled back to `anchor`; with script,
 * app/lib/enhance/facades.ts catches the submission and shows the embed without leaving the page.
 */
export function FacadeButton({
  anchor,
  name,
  value,
  className,
  children,
}: {
  anchor: string;
  name: string;
  value: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <form method="get" action={`#${anchor}`} className="facade-form" data-facade-form>
      <button type="submit" name={name} value={value} className={className}>
        {children}
      </button>
    </form>
  );
}
