import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256HexSync } from '@/features/time-clock/reports/sha256';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('sha256HexSync', () => {
  it('gives the FIPS 180-4 test digests', () => {
    expect(sha256HexSync(bytes(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256HexSync(bytes('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256HexSync(bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  it('agrees with node:crypto on every length around the block boundaries', () => {
    for (let length = 0; length <= 200; length += 1) {
      const input = Uint8Array.from({ length }, (_, index) => (index * 31 + length) % 256);
      expect(sha256HexSync(input), `length ${length}`).toBe(createHash('sha256').update(input).digest('hex'));
    }
  });
});
