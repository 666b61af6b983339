import { CONTENT_ERRORS } from '#common/site-content/errors.ts';

/** A change to one item of a content list: saved (added when it has no id yet), moved or deleted. */
export type ListEdit<T> =
  | { kind: 'save'; id: string | undefined; item: T }
  | { kind: 'move'; id: string; by: -1 | 1 }
  | { kind: 'delete'; id: string };

/** Refused like the service refuses an update naming an item the section does not hold. */
function unknownItem(): Error {
  const { code, message } = CONTENT_ERRORS.unknownItem;
  return Object.assign(new Error(message), { statusCode: 400, code });
}

/**
 * The list after one edit, and where the edited item now is (for its refusals). A move past either end
 * leaves the list as it is; an id the list does not hold is refused (someone else deleted it).
 */
export function editList<T extends { id?: string | undefined }>(
  items: readonly T[],
  edit: ListEdit<T>,
): { items: T[]; index: number } {
  const next = [...items];
  if (edit.kind === 'save' && edit.id === undefined) {
    next.push(edit.item);
    return { items: next, index: next.length - 1 };
  }
  const index = next.findIndex((item) => item.id === edit.id);
  if (index === -1) throw unknownItem();
  if (edit.kind === 'save') {
    next[index] = { ...edit.item, id: edit.id };
    return { items: next, index };
  }
  if (edit.kind === 'delete') {
    next.splice(index, 1);
    return { items: next, index: -1 };
  }
  const to = index + edit.by;
  if (to < 0 || to >= next.length) return { items: next, index };
  [next[index], next[to]] = [next[to]!, next[index]!];
  return { items: next, index: to };
}
