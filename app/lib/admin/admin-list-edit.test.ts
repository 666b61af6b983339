import { describe, expect, it } from 'vitest';
import { editList } from './admin-list-edit.ts';

const items = [
  { id: 'a', text: 'A' },
  { id: 'b', text: 'B' },
  { id: 'c', text: 'C' },
];
const ids = (list: { id?: string }[]) => list.map((i) => i.id ?? '(new)');

describe('editList', () => {
  it('adds an item without id at the end', () => {
    const { items: next, index } = editList<{ id?: string; text: string }>(items, {
      kind: 'save',
      id: undefined,
      item: { text: 'D' },
    });
    expect(ids(next)).toEqual(['a', 'b', 'c', '(new)']);
    expect(index).toBe(3);
  });

  it('replaces an item in place, keeping its id', () => {
    const { items: next, index } = editList(items, { kind: 'save', id: 'b', item: { id: 'x', text: 'B2' } });
    expect(next[1]).toEqual({ id: 'b', text: 'B2' });
    expect(index).toBe(1);
  });

  it('moves an item up and down, and not past either end', () => {
    expect(ids(editList(items, { kind: 'move', id: 'b', by: -1 }).items)).toEqual(['b', 'a', 'c']);
    expect(ids(editList(items, { kind: 'move', id: 'b', by: 1 }).items)).toEqual(['a', 'c', 'b']);
    expect(ids(editList(items, { kind: 'move', id: 'a', by: -1 }).items)).toEqual(['a', 'b', 'c']);
    expect(ids(editList(items, { kind: 'move', id: 'c', by: 1 }).items)).toEqual(['a', 'b', 'c']);
  });

  it('deletes an item', () => {
    expect(ids(editList(items, { kind: 'delete', id: 'a' }).items)).toEqual(['b', 'c']);
  });

  it('refuses an id the list does not hold, as the service does', () => {
    expect(() => editList(items, { kind: 'delete', id: 'gone' })).toThrow(
      expect.objectContaining({ statusCode: 400, code: 'content/unknown-item' }),
    );
  });

  it('never changes the list it was given', () => {
    editList(items, { kind: 'move', id: 'a', by: 1 });
    expect(ids(items)).toEqual(['a', 'b', 'c']);
  });
});
