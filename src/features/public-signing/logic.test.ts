import { describe, expect, it } from 'vitest';
import {
  alreadySignedHeading,
  buildLines,
  buildSignArgs,
  discrepancyCountLabel,
  EMPTY_LINE_DRAFT,
  isSigningPath,
  isTokenShape,
  lineError,
  lineHasDifference,
  parseQuantity,
  shipmentLabel,
  signedWhenText,
  signerErrors,
  tokenFromPath,
  verificationCode,
  type LineDraft,
} from '@/features/public-signing/logic';
import { FIELD_ERRORS } from '@/features/public-signing/messages';
import type { SignatureShipmentItem } from '@/features/public-signing/types';

const TOKEN = 'a3f1c09e5b7d2468a3f1c09e5b7d2468a3f1c09e5b7d2468a3f1c09e5b7d2468';

describe('the link', () => {
  it('recognises the signature path', () => {
    expect(isSigningPath(`/assinar/${TOKEN}`)).toBe(true);
    expect(isSigningPath('/assinar/')).toBe(true);
    expect(isSigningPath('/assinatura-remessas')).toBe(false);
    expect(isSigningPath('/login')).toBe(false);
  });

  it('takes the token from the path, tolerating one trailing slash', () => {
    expect(tokenFromPath(`/assinar/${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromPath(`/assinar/${TOKEN}/`)).toBe(TOKEN);
    expect(tokenFromPath('/assinar/')).toBe('');
    expect(tokenFromPath('/assinar/abc%20def')).toBe('abc def');
    expect(tokenFromPath('/assinar/%E0%A4%A')).toBe('%E0%A4%A');
    expect(tokenFromPath('/login')).toBe('');
  });

  it('accepts only 64 hexadecimal characters as a token', () => {
    expect(isTokenShape(TOKEN)).toBe(true);
    expect(isTokenShape(TOKEN.toUpperCase())).toBe(true);
    expect(isTokenShape(TOKEN.slice(1))).toBe(false);
    expect(isTokenShape(`${TOKEN}0`)).toBe(false);
    expect(isTokenShape(`${TOKEN.slice(1)}g`)).toBe(false);
    expect(isTokenShape('abc123')).toBe(false);
    expect(isTokenShape('')).toBe(false);
    expect(isTokenShape(`${TOKEN}/extra`)).toBe(false);
  });
});

describe('display', () => {
  it('numbers shipments as REM- and six digits', () => {
    expect(shipmentLabel(42)).toBe('REM-000042');
    expect(shipmentLabel(1234567)).toBe('REM-1234567');
  });

  it('shows the first 16 characters of the hash as the verification code', () => {
    expect(verificationCode('0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef…');
  });

  it('counts lines with differences in Portuguese', () => {
    expect(discrepancyCountLabel(0)).toBe('Nenhuma divergência');
    expect(discrepancyCountLabel(1)).toBe('1 item com divergência');
    expect(discrepancyCountLabel(3)).toBe('3 itens com divergência');
    expect(discrepancyCountLabel(1200)).toBe('1.200 itens com divergência');
  });
});

describe('when a kept receipt was signed (São Paulo time)', () => {
  // 14:40 in São Paulo on Thursday, 26 November 2026.
  const now = new Date('2026-11-26T17:40:00Z');

  it('says only the time for today, from midnight in São Paulo', () => {
    expect(signedWhenText('2026-11-26T17:32:00Z', now)).toBe('às 14:32');
    expect(signedWhenText('2026-11-26T03:00:00Z', now)).toBe('às 00:00');
  });

  it('says yesterday, then the day and month, and the year only when it is another year', () => {
    expect(signedWhenText('2026-11-26T02:59:00Z', now)).toBe('ontem às 23:59');
    expect(signedWhenText('2026-11-01T12:05:00Z', now)).toBe('em 1 de novembro às 09:05');
    expect(signedWhenText('2025-12-30T12:05:00Z', now)).toBe('em 30 de dezembro de 2025 às 09:05');
  });

  it('heads the receipt with who signed and when', () => {
    expect(alreadySignedHeading('Maria Souza', '2026-11-26T17:32:00Z', now)).toBe('Já assinado por Maria Souza às 14:32');
    expect(alreadySignedHeading('Maria Souza', 'não é data', now)).toBe('Já assinado por Maria Souza');
  });
});

const open = (values: Partial<LineDraft>): LineDraft => ({ ...EMPTY_LINE_DRAFT, open: true, ...values });

describe('discrepancies', () => {
  it('reads quantities: empty is zero, only whole numbers ≥ 0', () => {
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity(' 7 ')).toBe(7);
    expect(parseQuantity('0')).toBe(0);
    expect(parseQuantity('-1')).toBeNull();
    expect(parseQuantity('1.5')).toBeNull();
    expect(parseQuantity('1,5')).toBeNull();
    expect(parseQuantity('2e3')).toBeNull();
    expect(parseQuantity('dois')).toBeNull();
  });

  it('has no error on a closed line, whatever it holds', () => {
    expect(lineError({ ...EMPTY_LINE_DRAFT, short: '999' }, 10, true)).toBeUndefined();
  });

  it('refuses non-integer or negative quantities', () => {
    expect(lineError(open({ short: '-1' }), 10, false)).toBe(FIELD_ERRORS.quantityFormat);
    expect(lineError(open({ damaged: '1.5' }), 10, false)).toBe(FIELD_ERRORS.quantityFormat);
  });

  it('refuses a sum above the quantity sent, and accepts exactly the quantity', () => {
    expect(lineError(open({ short: '4', damaged: '4', shortDated: '3' }), 10, false)).toBe(FIELD_ERRORS.quantitySum(11, 10));
    expect(lineError(open({ short: '4', damaged: '3', shortDated: '3' }), 10, false)).toBeUndefined();
    expect(lineError(open({ short: '10' }), 10, false)).toBeUndefined();
  });

  it('limits the observation to 300 characters', () => {
    expect(lineError(open({ note: 'x'.repeat(300) }), 10, false)).toBeUndefined();
    expect(lineError(open({ note: 'x'.repeat(301) }), 10, false)).toBe(FIELD_ERRORS.noteLength);
  });

  it('asks an open line for something once the signer tries to sign', () => {
    expect(lineError(open({}), 10, false)).toBeUndefined();
    expect(lineError(open({}), 10, true)).toBe(FIELD_ERRORS.lineEmpty);
    expect(lineError(open({ short: '0', damaged: '0' }), 10, true)).toBe(FIELD_ERRORS.lineEmpty);
    expect(lineError(open({ note: '  ' }), 10, true)).toBe(FIELD_ERRORS.lineEmpty);
    expect(lineError(open({ note: 'Caixa amassada' }), 10, true)).toBeUndefined();
    expect(lineHasDifference(open({ shortDated: '1' }))).toBe(true);
  });

  const items: SignatureShipmentItem[] = [
    { id: 'item-1', product_name: 'Dipirona 500 mg', quantity: 10, lot: 'L1', expiry_date: '2027-03-01' },
    { id: 'item-2', product_name: 'Soro fisiológico', quantity: 5, lot: null, expiry_date: null },
    { id: 'item-3', product_name: 'Gaze estéril', quantity: 20, lot: null, expiry_date: null },
    { id: 'item-4', product_name: 'Álcool 70%', quantity: 8, lot: null, expiry_date: null },
  ];

  it('sends only open lines that report a difference, in the shipment order, with numbers and a trimmed note', () => {
    const lines = buildLines(items, {
      'item-4': open({ damaged: '2', note: '  frasco vazando  ' }),
      'item-1': open({ short: '1', shortDated: '' }),
      'item-2': { ...EMPTY_LINE_DRAFT, short: '3' }, // closed: not sent
      'item-3': open({ short: '0' }), // open but nothing reported: not sent
    });
    expect(lines).toEqual([
      { item_id: 'item-1', short_quantity: 1, damaged_quantity: 0, short_dated_quantity: 0, note: null },
      { item_id: 'item-4', short_quantity: 0, damaged_quantity: 2, short_dated_quantity: 0, note: 'frasco vazando' },
    ]);
    expect(buildLines(items, {})).toEqual([]);
  });
});

describe('the signer', () => {
  const valid = { name: 'Maria da Silva', cpf: '529.982.247-25', signatureEmpty: false, accepted: true };

  it('passes a complete signer', () => {
    expect(signerErrors(valid)).toEqual({});
  });

  it('requires a name of at least 3 characters', () => {
    expect(signerErrors({ ...valid, name: '   ' }).name).toBe(FIELD_ERRORS.nameRequired);
    expect(signerErrors({ ...valid, name: ' Jo ' }).name).toBe(FIELD_ERRORS.nameShort);
    expect(signerErrors({ ...valid, name: 'Ana' }).name).toBeUndefined();
  });

  it('requires a CPF with valid check digits', () => {
    expect(signerErrors({ ...valid, cpf: '' }).cpf).toBe(FIELD_ERRORS.cpfRequired);
    expect(signerErrors({ ...valid, cpf: '529.982.247-24' }).cpf).toBe('CPF inválido');
    expect(signerErrors({ ...valid, cpf: '111.111.111-11' }).cpf).toBe('CPF inválido');
  });

  it('requires the drawing and the acceptance', () => {
    expect(signerErrors({ ...valid, signatureEmpty: true }).signature).toBe('Desenhe a assinatura no quadro');
    expect(signerErrors({ ...valid, accepted: false }).accepted).toBe(FIELD_ERRORS.acceptanceRequired);
  });

  it('builds the RPC arguments: lowercase token, single-spaced name, CPF digits', () => {
    const lines = [{ item_id: 'item-1', short_quantity: 1, damaged_quantity: 0, short_dated_quantity: 0, note: null }];
    expect(buildSignArgs(TOKEN.toUpperCase(), { name: '  Maria   da  Silva ', cpf: '529.982.247-25' }, 'data:image/png;base64,AAA', lines)).toEqual({
      p_token: TOKEN,
      p_signer_name: 'Maria da Silva',
      p_signer_document: '52998224725',
      p_signature_png: 'data:image/png;base64,AAA',
      p_lines: lines,
    });
  });

  it("adds the browser's device id only when it has one", () => {
    const device = '7d4c1f0e-8a6b-4c2d-9e3f-0a1b2c3d4e5f';
    expect(buildSignArgs(TOKEN, { name: 'Maria da Silva', cpf: '52998224725' }, 'data:image/png;base64,AAA', [], device)).toMatchObject({ p_device_id: device });
    expect(buildSignArgs(TOKEN, { name: 'Maria da Silva', cpf: '52998224725' }, 'data:image/png;base64,AAA', [], null)).not.toHaveProperty('p_device_id');
  });
});
