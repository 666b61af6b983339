/**
 * An SVG as a `data:` address, for a small picture that is a page's largest paint (it then comes with the
 * page, a round trip sooner). Whitespace runs are folded (SVG collapses them anyway) and only what a URL or
 * an HTML attribute cannot hold as it is gets percent-encoded, so the address stays close to the file's size
 * and compresses with the page, where base64 would add a third and compress badly.
 */
export function svgDataUri(svg: string): string {
  const compact = svg.replace(/\s+/gu, ' ').trim();
  return `data:image/svg+xml,${compact.replace(/[%#<>"'&]|[^\x20-\x7e]/gu, percentEncode)}`;
}

/** encodeURIComponent, but for the ASCII it leaves as it is too (it keeps ' as '). */
const percentEncode = (c: string): string =>
  c.length === 1 && c < '\x80'
    ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`
    : encodeURIComponent(c);
