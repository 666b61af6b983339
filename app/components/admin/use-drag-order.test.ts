import { describe, expect, it } from 'vitest';
import { moveTo } from './use-drag-order.ts';

describe('moveTo', () => {
  it('puts the dragged item where the one under the pointer stands, the others keeping their order', () => {
    expect(moveTo(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
  });
  it('leaves the order as it is for an item over itself or an unknown one', () => {
    expect(moveTo(['a', 'b'], 'a', 'a')).toEqual(['a', 'b']);
    expect(moveTo(['a', 'b'], 'a', 'x')).toEqual(['a', 'b']);
  });
});
