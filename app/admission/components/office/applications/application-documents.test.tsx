import { describe, expect, it } from 'vitest';
import { documentLabels } from './application-documents.tsx';

describe('documentLabels', () => {
  it('names each document by its kind, numbered only where there are several of one kind', () => {
    expect(
      documentLabels([
        { kind: 'photo' },
        { kind: 'grade-sheet' },
        { kind: 'character' },
        { kind: 'character' },
        { kind: 'offer-voucher' },
      ]),
    ).toEqual([
      'Photo',
      'SEE grade sheet',
      'Character certificate 1',
      'Character certificate 2',
      'Admission fee voucher (offer)',
    ]);
  });
});
