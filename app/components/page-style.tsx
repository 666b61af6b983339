/**
 * A page's stylesheet written into its head instead of linked. Public pages are small and cached whole by
 * the server, so carrying their few KB of CSS saves a phone on a slow network the round trip that a
 * linked stylesheet costs before anything is painted. React hoists the element into the document's head
 * and writes each `name` once, however many components ask for it. Import the CSS with `?inline`.
 */
export function PageStyle({ name, css }: { name: string; css: string }) {
  return (
    <style href={name} precedence="page">
      {css}
    </style>
  );
}
