/** Mailpit's message IDs over our uuids (server/mailpit/ids.ts): 22 characters of base 62, both ways, in order. */
import { describe, expect, it } from 'vitest';
import { orderedUuidGenerator } from '../../server/ids.js';
import { toMailpitId, uuidFromMailpitId } from '../../server/mailpit/ids.js';

describe('Mailpit IDs', () => {
  it('writes a uuid as 22 characters of base 62 and reads it back', () => {
    const uuid = '00000000-0000-4000-8000-000000000001';
    // The expected values computed independently (Python's integers, the same alphabet as MP internal/shortuuid).
    expect(toMailpitId(uuid)).toBe('000000001VgEh72lXvTXkH');
    expect(uuidFromMailpitId(toMailpitId(uuid))).toBe(uuid);
    const max = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
    expect(toMailpitId(max)).toBe('7n42DGM5Tflk9n8mt7Fhc7');
    expect(uuidFromMailpitId('7n42DGM5Tflk9n8mt7Fhc7')).toBe(max);
  });

  it('accepts our uuid form too, and nothing else', () => {
    expect(uuidFromMailpitId('0195B0C2-7E5A-4ABC-8DEF-0123456789AB')).toBe('0195b0c2-7e5a-4abc-8def-0123456789ab');
    for (const id of [
      '',
      'latest',
      '7n42DGM5Tflk9n8mt7Fhc',
      '7n42DGM5Tflk9n8mt7Fhc8',
      'zzzzzzzzzzzzzzzzzzzzzz',
      '7n42DGM5Tflk9n8mt7Fh-7',
    ]) {
      expect(uuidFromMailpitId(id), id).toBeNull();
    }
  });

  it('keeps ordered uuids in order (a later mail sorts after an earlier one, as text)', () => {
    let ms = 1_700_000_000_000;
    const next = orderedUuidGenerator(() => ms);
    const ids: string[] = [];
    for (let i = 0; i < 200; i++) {
      if (i % 7 === 0) ms += 1;
      ids.push(toMailpitId(next()));
    }
    expect([...ids].sort()).toEqual(ids);
  });
});
