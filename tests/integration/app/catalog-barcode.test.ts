/**
 * Property test of the database's barcode rule through supabase-js: a product
 * insert succeeds exactly when the barcode is 1-14 digits and, for the GTIN
 * lengths 8/12/13/14, carries the GS1 check digit. The reference validator below
 * is the one the UI uses (see the catalog-db report).
 */
import fc from 'fast-check';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../utils/app-users.ts';
import { appBackend } from '../../utils/env.ts';

const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

function isValidBarcode(code: string): boolean {
  if (!/^[0-9]{1,14}$/.test(code)) return false;
  if (!GTIN_LENGTHS.has(code.length)) return true;
  return Number(code.slice(-1)) === gtinCheckDigit(code.slice(0, -1));
}

let client: SupabaseClient;

beforeAll(async () => {
  client = (await signInAs(appBackend(), 'balconista')).client;
});

const digits = (min: number, max: number) =>
  fc.array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max }).map((d) => d.join(''));

// Mostly GTIN-length codes (half of them with a correct check digit), some other
// lengths, and some with a non-digit character somewhere.
const barcode = fc.oneof(
  fc.constantFrom(7, 11, 12, 13).chain((n) => digits(n, n)).map((body) => body + String(gtinCheckDigit(body))),
  fc.constantFrom(8, 12, 13, 14).chain((n) => digits(n, n)),
  digits(1, 16),
  fc.tuple(digits(0, 8), fc.constantFrom('A', 'x', '-', '.', ' '), digits(1, 5)).map(([a, c, b]) => a + c + b),
);

describe('barcode validation (database vs reference GTIN rule)', () => {
  it('accepts a product exactly when the barcode is valid, with the documented messages', async () => {
    await fc.assert(
      fc.asyncProperty(barcode, async (code) => {
        // The database trims surrounding blanks before validating.
        const candidate = code;
        const { data, error } = await client.from('products').insert({ name: `Propriedade ${candidate}`, barcode: candidate }).select('id, barcode');
        const expected = isValidBarcode(candidate.trim());
        if (error?.code === '23505') return; // already registered by an earlier run: the format was accepted
        if (expected) {
          expect(error).toBeNull();
          expect(data?.[0]?.barcode).toBe(candidate.trim());
          await client.from('products').delete().eq('id', data?.[0]?.id ?? '');
        } else {
          expect(error?.code).toBe('23514');
          expect([
            'Código de barras inválido: dígito verificador incorreto',
            'Código de barras inválido: use apenas números (até 14 dígitos)',
          ]).toContain(error?.message);
        }
      }),
      { numRuns: 80 },
    );
  });

  it('agrees with known real-world codes', async () => {
    expect(isValidBarcode('7891000100035')).toBe(true); // GS1 example from the domain notes
    expect(isValidBarcode('7891000100036')).toBe(false);
    expect(isValidBarcode('96385074')).toBe(true); // GTIN-8
    expect(isValidBarcode('036000291452')).toBe(true); // UPC-A
    const wrong = await client.from('products').insert({ name: 'UPC errado', barcode: '036000291453' });
    expect(wrong.error?.message).toBe('Código de barras inválido: dígito verificador incorreto');
  });
});
