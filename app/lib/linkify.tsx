import type { ReactNode } from 'react';

const ADDRESS = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'])/u;

/** A text with the web addresses written in it as links (new tab); everything else stays text. */
export function linkify(text: string): ReactNode[] {
  return text.split(ADDRESS).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} target="_blank" rel="noopener noreferrer nofollow">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
