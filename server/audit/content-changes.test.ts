import { describe, expect, it } from 'vitest';
import { contentChanges } from './content-changes.ts';

describe('contentChanges', () => {
  it('names a changed phone number with its old and new value, and nothing that stayed', () => {
    const before = { name: 'Orbit College', phones: [{ number: '056-123456' }, { number: '056-654321' }] };
    const after = { name: 'Orbit College', phones: [{ number: '056-123456' }, { number: '056-999999' }] };
    expect(contentChanges(before, after)).toEqual([
      { field: 'phones 2 › number', from: '056-654321', to: '056-999999' },
    ]);
  });

  it('lists an added and a removed row, and says how many more past twenty', () => {
    expect(contentChanges({ list: ['a'] }, { list: ['a', 'b'] })).toEqual([{ field: 'list 2', from: '', to: 'b' }]);
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, 'x']));
    const changes = contentChanges({}, many);
    expect(changes).toHaveLength(21);
    expect(changes.at(-1)).toEqual({ field: 'and 5 more', from: '', to: '' });
  });
});
