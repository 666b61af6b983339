import type { SearchPiece } from '#common/search.ts';

/** A highlighted text: React escapes every piece, and the matched words are wrapped in <mark>. */
export function SearchPieces({ pieces }: { pieces: readonly SearchPiece[] }) {
  return (
    <>{pieces.map((piece, i) => (piece.hit ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}</>
  );
}
