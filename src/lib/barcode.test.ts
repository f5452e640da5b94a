import { describe, expect, it } from 'vitest';
import { barcodeError, BARCODE_CHECK_DIGIT_MESSAGE, BARCODE_DIGITS_MESSAGE, cleanBarcode, gtinCheckDigit, isValidGtin } from '@/lib/barcode';

describe('gtinCheckDigit', () => {
  it.each([
    ['789100010003', 5], // domain notes example
    ['789600410037', 1], // Dipirona 500mg in the demo seed: 7896004100371
    ['789110610148', 6],
    ['9638507', 4], // EAN-8 96385074
    ['03600029145', 2], // UPC-A 036000291452
    ['1001234567890', 2], // GTIN-14 10012345678902
  ])('body %s → %i', (body, digit) => {
    expect(gtinCheckDigit(body)).toBe(digit);
  });

  it('is null for a body with non-digits', () => {
    expect(gtinCheckDigit('78a')).toBeNull();
  });
});

describe('barcodeError / isValidGtin', () => {
  it.each([
    ['7891000100035', null],
    ['7896004100371', null],
    ['7891106101486', null],
    ['7896422100748', null],
    ['96385074', null],
    ['036000291452', null],
    ['10012345678902', null],
    ['7891000100036', BARCODE_CHECK_DIGIT_MESSAGE],
    ['7896004100372', BARCODE_CHECK_DIGIT_MESSAGE],
    ['96385075', BARCODE_CHECK_DIGIT_MESSAGE],
    ['036000291453', BARCODE_CHECK_DIGIT_MESSAGE],
    ['10012345678903', BARCODE_CHECK_DIGIT_MESSAGE],
    // Non-GTIN lengths: digits only, no check digit (internal codes).
    ['1', null],
    ['12345', null],
    ['1234567890', null],
    ['', BARCODE_DIGITS_MESSAGE],
    ['789100010003X', BARCODE_DIGITS_MESSAGE],
    ['123456789012345', BARCODE_DIGITS_MESSAGE],
    ['-123', BARCODE_DIGITS_MESSAGE],
    ['7891 000100035', BARCODE_DIGITS_MESSAGE],
  ])('%j → %j', (code, message) => {
    expect(barcodeError(code)).toBe(message);
    expect(isValidGtin(code)).toBe(message === null);
  });
});

describe('cleanBarcode', () => {
  it('removes surrounding and inner whitespace', () => {
    expect(cleanBarcode(' 7891 000100035\n')).toBe('7891000100035');
  });
});
