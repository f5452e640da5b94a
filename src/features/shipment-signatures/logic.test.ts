import { describe, expect, it } from 'vitest';
import {
  activeLinkText,
  describeLinkHours,
  discrepanciesByItem,
  discrepancyCountLabel,
  discrepancyParts,
  discrepancySummary,
  discrepancyTotals,
  EMPTY_FILTERS,
  hasActiveFilters,
  hasDiscrepancy,
  isLinkActive,
  isSameLink,
  isSignaturePng,
  itemsSummary,
  linkValidUntilText,
  maskCpf,
  searchParamsFromView,
  shipmentNumber,
  signatureLinkUrl,
  viewFromSearchParams,
  signedAtSenderDetail,
} from '@/features/shipment-signatures/logic';
import type { ShipmentDiscrepancy } from '@/features/shipment-signatures/types';

function line(patch: Partial<ShipmentDiscrepancy>): ShipmentDiscrepancy {
  return { item_id: 'i1', product_name: 'Dipirona 500mg', quantity: 10, short_quantity: 0, damaged_quantity: 0, short_dated_quantity: 0, note: null, ...patch };
}

describe('shipmentNumber', () => {
  it('pads to six digits behind REM-', () => {
    expect(shipmentNumber(42)).toBe('REM-000042');
    expect(shipmentNumber(1)).toBe('REM-000001');
    expect(shipmentNumber(1234567)).toBe('REM-1234567');
  });
});

describe('signatureLinkUrl', () => {
  const token = 'a'.repeat(64);
  it('builds origin/assinar/<token>', () => {
    expect(signatureLinkUrl('https://backoffice.farmacia.com.br', token)).toBe(`https://backoffice.farmacia.com.br/assinar/${token}`);
  });
  it('does not double the slash after the origin', () => {
    expect(signatureLinkUrl('http://127.0.0.1:5192/', token)).toBe(`http://127.0.0.1:5192/assinar/${token}`);
  });
});

describe('link expiry', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  it('says until when, in São Paulo time (24 h)', () => {
    // 2026-11-28 17:05 UTC is 14:05 in São Paulo (UTC−3).
    expect(linkValidUntilText('2026-11-28T17:05:00.123456+00:00')).toBe('Válido até 28/11/2026 14:05');
    expect(activeLinkText('2026-11-28T17:05:00+00:00')).toBe('Link ativo até 28/11/2026 14:05');
  });
  it('is active only before its expiry', () => {
    expect(isLinkActive('2026-11-25T12:00:01Z', now)).toBe(true);
    expect(isLinkActive('2026-11-25T12:00:00Z', now)).toBe(false);
    expect(isLinkActive(null, now)).toBe(false);
    expect(isLinkActive(undefined, now)).toBe(false);
    expect(isLinkActive('not a date', now)).toBe(false);
  });
  it('recognises the held token as the active link by its expiry instant, whatever the notation', () => {
    expect(isSameLink('2026-11-28T17:05:00.123+00:00', '2026-11-28T14:05:00.123-03:00')).toBe(true);
    expect(isSameLink('2026-11-28T17:05:00.123+00:00', '2026-11-28T17:05:00.124+00:00')).toBe(false);
    expect(isSameLink('2026-11-28T17:05:00+00:00', null)).toBe(false);
  });
  it('describes the validity setting in hours and days', () => {
    expect(describeLinkHours(1)).toBe('1 hora');
    expect(describeLinkHours(12)).toBe('12 horas');
    expect(describeLinkHours(24)).toBe('24 horas (1 dia)');
    expect(describeLinkHours(72)).toBe('72 horas (3 dias)');
    expect(describeLinkHours(36)).toBe('36 horas (1 dia e 12 horas)');
    expect(describeLinkHours(25)).toBe('25 horas (1 dia e 1 hora)');
    expect(describeLinkHours(720)).toBe('720 horas (30 dias)');
  });
});

describe('itemsSummary', () => {
  it('summarises a shipment’s size', () => {
    expect(itemsSummary(1, 12)).toBe('1 item · 12 un.');
    expect(itemsSummary(3, 1500)).toBe('3 itens · 1.500 un.');
  });
});

describe('discrepancies', () => {
  it('words each kind of difference of a line', () => {
    expect(discrepancyParts(line({ short_quantity: 1, damaged_quantity: 2, short_dated_quantity: 3, note: ' Caixa amassada ' }))).toEqual([
      'Falta: 1',
      'Avaria: 2',
      'Validade curta: 3',
      'Observação: Caixa amassada',
    ]);
    expect(discrepancyParts(line({}))).toEqual([]);
  });
  it('counts a note alone as a difference, a blank note not', () => {
    expect(hasDiscrepancy(line({ note: 'Lacre rompido' }))).toBe(true);
    expect(hasDiscrepancy(line({ note: '   ' }))).toBe(false);
  });
  it('indexes the reported lines by item, leaving out lines without any difference', () => {
    const map = discrepanciesByItem([line({ item_id: 'a', short_quantity: 1 }), line({ item_id: 'b' })]);
    expect([...map.keys()]).toEqual(['a']);
  });
  it('sums the quantities per kind', () => {
    expect(
      discrepancyTotals([line({ item_id: 'a', short_quantity: 1, damaged_quantity: 1 }), line({ item_id: 'b', short_dated_quantity: 4 }), line({ item_id: 'c' })]),
    ).toEqual({ lines: 2, short: 1, damaged: 1, shortDated: 4 });
  });
  it('summarises the receipt in one sentence', () => {
    expect(discrepancySummary([])).toBe('Recebida sem divergências.');
    expect(discrepancySummary([line({ short_quantity: 1, damaged_quantity: 1, note: 'Uma caixa amassada' })])).toBe(
      '1 item com divergência: 1 un. em falta, 1 un. com avaria.',
    );
    expect(discrepancySummary([line({ item_id: 'a', short_dated_quantity: 2 }), line({ item_id: 'b', short_quantity: 1200 })])).toBe(
      '2 itens com divergência: 1.200 un. em falta, 2 un. com validade curta.',
    );
    expect(discrepancySummary([line({ note: 'Embalagem diferente' })])).toBe('1 item com divergência (apenas observações).');
  });
  it('labels the list’s count', () => {
    expect(discrepancyCountLabel(0)).toBe('Sem divergências');
    expect(discrepancyCountLabel(1)).toBe('1 item com divergência');
    expect(discrepancyCountLabel(3)).toBe('3 itens com divergência');
  });
});

describe('evidence', () => {
  it('keeps the masked CPF the API returns and never shows a full one', () => {
    expect(maskCpf('***.456.789-**')).toBe('***.456.789-**');
    expect(maskCpf('12345678909')).toBe('***.456.789-**');
    expect(maskCpf('123.456.789-09')).toBe('***.456.789-**');
    expect(maskCpf('123')).toBe('***.***.***-**');
    expect(maskCpf(null)).toBe('—');
  });
  it('draws only a PNG data URL as the signature', () => {
    expect(isSignaturePng('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isSignaturePng('https://evil.example/x.png')).toBe(false);
    expect(isSignaturePng('data:image/svg+xml;base64,PHN2Zz4=')).toBe(false);
    expect(isSignaturePng('data:image/png;base64,"><script>')).toBe(false);
    expect(isSignaturePng(null)).toBe(false);
  });
});

describe('URL', () => {
  const id = '223a284a-15d9-4485-8f82-7e7a6042cad6';
  it('reads the defaults from an empty URL', () => {
    expect(viewFromSearchParams(new URLSearchParams())).toEqual({ tab: 'pendentes', filters: EMPTY_FILTERS, page: 0, shipmentId: null });
  });
  it('round-trips a view', () => {
    const view = { tab: 'assinadas' as const, filters: { search: 'REM-000042', unitId: id, direction: 'RECEBIDAS' as const }, page: 2, shipmentId: id };
    const params = searchParamsFromView(view);
    expect(params.toString()).toBe(`aba=assinadas&busca=REM-000042&unidade=${id}&direcao=recebidas&pagina=3&remessa=${id}`);
    expect(viewFromSearchParams(params)).toEqual(view);
  });
  it('reads anything malformed as the default', () => {
    const view = viewFromSearchParams(new URLSearchParams('aba=outra&unidade=x&direcao=lado&pagina=-1&remessa=1%20or%201'));
    expect(view).toEqual({ tab: 'pendentes', filters: EMPTY_FILTERS, page: 0, shipmentId: null });
  });
  it('writes only what differs from the default', () => {
    expect(searchParamsFromView({ tab: 'pendentes', filters: { ...EMPTY_FILTERS, search: '   ' }, page: 0, shipmentId: null }).toString()).toBe('');
  });
  it('knows when a filter is on', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, direction: 'ENVIADAS' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, search: ' ' })).toBe(false);
  });
});

describe('signedAtSenderDetail', () => {
  it('says nothing for a signature made elsewhere, and names what matched otherwise', () => {
    expect(signedAtSenderDetail({ signed_on_sender_device: false, signed_from_sender_address: false })).toBeNull();
    expect(signedAtSenderDetail({ signed_on_sender_device: true, signed_from_sender_address: false })).toMatch(/^A assinatura foi feita no mesmo navegador usado para despachar a remessa ou gerar o link de assinatura\. Ela foi aceita/);
    expect(signedAtSenderDetail({ signed_on_sender_device: false, signed_from_sender_address: true })).toMatch(/^A assinatura foi feita a partir do mesmo endereço IP usado para/);
    expect(signedAtSenderDetail({ signed_on_sender_device: true, signed_from_sender_address: true })).toMatch(/^A assinatura foi feita no mesmo navegador e a partir do mesmo endereço IP usados para/);
  });
});
