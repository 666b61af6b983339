/** Text or an attribute value made safe inside XML: the five characters XML gives meaning to, and no control characters. */
export function escapeXml(text: string): string {
  return (
    text
      // Control characters other than tab, line feed and carriage return are not allowed anywhere in XML 1.0.
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/gu, '')
      .replace(/&/gu, '&amp;')
      .replace(/</gu, '&lt;')
      .replace(/>/gu, '&gt;')
      .replace(/"/gu, '&quot;')
      .replace(/'/gu, '&apos;')
  );
}

/** `<name>text</name>`, with the text escaped. */
export const element = (name: string, text: string): string => `<${name}>${escapeXml(text)}</${name}>`;
