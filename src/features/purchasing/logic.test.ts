import { describe, expect, it } from 'vitest';
import {
  addItemsSummary,
  bonusText,
  boughtProduct,
  cellKey,
  draftFromValues,
  formatPriceInput,
  isOffer,
  itemWinRate,
  linesBelowMinimum,
  matchesText,
  parseBrl,
  parseQuantity,
  selectionToPairs,
  selectionTotal,
  suggestWinners,
  supplierTotals,
  toggleWinner,
  valuesFromDraft,
} from '@/features/purchasing/logic';
import { comparisonCell } from '@/features/purchasing/test-fixtures';
import type { Comparison, ComparisonCell } from '@/features/purchasing/types';

function comparison(cells: ComparisonCell[]): Comparison {
  return {
    batchId: 'b1',
    batchName: 'Lote 1',
    batchStatus: 'EM_COTACAO',
    version: 'v1',
    checksum: 'c1',
    monthlyRate: 0.02,
    closedAt: null,
    items: [
      { shortageId: 's1', productName: 'Dipirona 500mg', barcode: '7891000100103', unitName: 'Unidade Centro', requestedQuantity: 10, bestPrice: null, effectiveDiffers: false },
      { shortageId: 's2', productName: 'Amoxicilina', barcode: null, unitName: 'Unidade Norte', requestedQuantity: 3, bestPrice: null, effectiveDiffers: false },
      { shortageId: 's3', productName: 'Sem preço', barcode: null, unitName: null, requestedQuantity: 1, bestPrice: null, effectiveDiffers: false },
    ],
    quotes: [
      { quoteId: 'qA', supplierId: 'A', supplierName: 'Alfa', status: 'ENVIADA', pricedItems: 2, paymentTermDays: null },
      { quoteId: 'qB', supplierId: 'B', supplierName: 'Beta', status: 'ENVIADA', pricedItems: 2, paymentTermDays: null },
    ],
    cells: Object.fromEntries(cells.map((c) => [cellKey(c.shortageId, c.quoteId), c])),
  };
}

describe('parseBrl', () => {
  it.each([
    ['12,50', 12.5],
    ['12,5', 12.5],
    ['R$ 1.234,56', 1234.56],
    ['1234', 1234],
    ['12.5', 12.5],
    ['0,0125', 0.0125],
    ['1.234', 1234],
    ['12,', 12],
    ['  7,90 ', 7.9],
  ])('reads %s as %d', (text, expected) => {
    expect(parseBrl(text)).toBeCloseTo(expected, 6);
  });

  it('reads an empty text as null', () => {
    expect(parseBrl('')).toBeNull();
    expect(parseBrl('   ')).toBeNull();
  });

  it.each(['abc', '-1,00', '1,2,3', '12,34567', '1.23.4', '12a'])('rejects %s', (text) => {
    expect(parseBrl(text)).toBeNaN();
  });
});

describe('formatPriceInput and parseQuantity', () => {
  it('formats prices for editing with a decimal comma', () => {
    expect(formatPriceInput(12.5)).toBe('12,50');
    expect(formatPriceInput(0.0125)).toBe('0,0125');
    expect(formatPriceInput(null)).toBe('');
  });
  it('parses whole quantities', () => {
    expect(parseQuantity('12')).toBe(12);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('1,5')).toBeNaN();
    expect(parseQuantity('-2')).toBeNaN();
  });
});

describe('best price and winner suggestion', () => {
  const data = comparison([comparisonCell('s1', 'qA', 5), comparisonCell('s1', 'qB', 4.5), comparisonCell('s2', 'qA', 10), comparisonCell('s2', 'qB', null), comparisonCell('s3', 'qA', null)]);

  it('pre-selects the cheapest supplier per item, ignoring unpriced answers, and leaves unpriced items without a winner', () => {
    expect(suggestWinners(data)).toEqual({ s1: 'qB', s2: 'qA' });
  });

  it('breaks price ties by the lower minimum quantity', () => {
    const tie = comparison([comparisonCell('s1', 'qA', 5, { minimumQuantity: 20 }), comparisonCell('s1', 'qB', 5, { minimumQuantity: 2 })]);
    expect(suggestWinners(tie)).toEqual({ s1: 'qB' });
  });

  it('never lets a draft (EM_ANDAMENTO) compete, even when it is the cheapest: the suggestion agrees with the server best price', () => {
    // What get_batch_comparison answers for this grid: Alfa's draft is cheapest, but best_unit_price (and is_best)
    // count submitted quotes only; select_winning_quotes_native would refuse a pair of the draft.
    const withDraft: Comparison = {
      ...comparison([comparisonCell('s1', 'qA', 1), comparisonCell('s1', 'qB', 4.5), comparisonCell('s2', 'qA', 2), comparisonCell('s3', 'qB', 7)]),
      quotes: [
        { quoteId: 'qA', supplierId: 'A', supplierName: 'Alfa', status: 'EM_ANDAMENTO', pricedItems: 2, paymentTermDays: null },
        { quoteId: 'qB', supplierId: 'B', supplierName: 'Beta', status: 'ENVIADA', pricedItems: 2, paymentTermDays: null },
      ],
    };
    withDraft.items = withDraft.items.map((item) => ({ ...item, bestPrice: { s1: 4.5, s2: null, s3: 7 }[item.shortageId] ?? null }));
    const suggested = suggestWinners(withDraft);
    // s2 is priced only in the draft: no winner to suggest.
    expect(suggested).toEqual({ s1: 'qB', s3: 'qB' });
    // Each suggested winner offers the item's server best price (the price the grid highlights); no best price, no winner.
    for (const item of withDraft.items) {
      const quoteId = suggested[item.shortageId];
      expect(quoteId ? withDraft.cells[cellKey(item.shortageId, quoteId)]?.unitPrice : null).toBe(item.bestPrice);
    }
  });

  it('treats submitted and decided quotes as offers, drafts not', () => {
    expect(isOffer({ status: 'ENVIADA' })).toBe(true);
    expect(isOffer({ status: 'VENCEDORA' })).toBe(true);
    expect(isOffer({ status: 'PERDEDORA' })).toBe(true);
    expect(isOffer({ status: 'EM_ANDAMENTO' })).toBe(false);
  });

  it('keeps stored winners once the batch was closed', () => {
    const closed = comparison([comparisonCell('s1', 'qA', 5, { isWinner: true }), comparisonCell('s1', 'qB', 4)]);
    expect(suggestWinners(closed)).toEqual({ s1: 'qA' });
  });
});

describe('totals of a selection', () => {
  const data = comparison([comparisonCell('s1', 'qA', 5), comparisonCell('s1', 'qB', 4.5), comparisonCell('s2', 'qA', 10.005), comparisonCell('s2', 'qB', 9)]);

  it('sums quantity × price per supplier, rounded to cents per line', () => {
    const totals = supplierTotals(data, { s1: 'qB', s2: 'qA' });
    expect(totals.get('qB')).toEqual({ quoteId: 'qB', items: 1, total: 45 });
    expect(totals.get('qA')).toEqual({ quoteId: 'qA', items: 1, total: 30.02 });
    expect(selectionTotal(data, { s1: 'qB', s2: 'qA' })).toBe(75.02);
  });

  it('overriding a winner moves its value to the other supplier', () => {
    const next = toggleWinner({ s1: 'qB' }, 's1', 'qA');
    expect(next).toEqual({ s1: 'qA' });
    expect(supplierTotals(data, next).get('qA')?.total).toBe(50);
    expect(supplierTotals(data, next).get('qB')?.total).toBe(0);
    expect(toggleWinner(next, 's1', 'qA')).toEqual({});
  });

  it('builds the RPC pairs', () => {
    expect(selectionToPairs({ s1: 'qB', s2: 'qA' })).toEqual([
      { shortage_id: 's1', quote_id: 'qB' },
      { shortage_id: 's2', quote_id: 'qA' },
    ]);
  });
});

describe('addItemsSummary', () => {
  it('reports partial success with the spec texts', () => {
    expect(addItemsSummary({ added: 2, total: 3 })).toEqual({
      title: 'Itens adicionados',
      description: '2 de 3 itens foram adicionados ao lote com sucesso. Alguns itens não puderam ser adicionados.',
    });
    expect(addItemsSummary({ added: 3, total: 3 }).description).toBe('3 de 3 itens foram adicionados ao lote com sucesso.');
  });
  it('reports total failure', () => {
    expect(addItemsSummary({ added: 0, total: 2 })).toEqual({
      title: 'Falha ao adicionar itens',
      description: 'Nenhum item pôde ser adicionado ao lote.',
      variant: 'destructive',
    });
  });
  it('names the distinct reasons of the skipped items (spec §5: \'Item já está em outro lote\')', () => {
    const errors = [
      { shortage_id: 'a', message: 'Item já está em outro lote' },
      { shortage_id: 'b', message: 'Item já está em outro lote' },
      { shortage_id: 'c', message: 'Item não está pendente' },
    ];
    expect(addItemsSummary({ added: 1, total: 4, errors })).toEqual({
      title: 'Itens adicionados',
      description:
        '1 de 4 itens foram adicionados ao lote com sucesso. Alguns itens não puderam ser adicionados. Motivos: Item já está em outro lote; Item não está pendente.',
    });
    expect(addItemsSummary({ added: 0, total: 1, errors: errors.slice(0, 1) })).toEqual({
      title: 'Falha ao adicionar itens',
      description: 'Nenhum item pôde ser adicionado ao lote. Motivo: Item já está em outro lote.',
      variant: 'destructive',
    });
    expect(addItemsSummary({ added: 2, total: 2, errors: [] }).description).toBe('2 de 2 itens foram adicionados ao lote com sucesso.');
  });
});

describe('itemWinRate', () => {
  it('divides items won by items quoted, and has no rate before any priced item', () => {
    expect(itemWinRate(3, 12)).toBe(0.25);
    expect(itemWinRate(0, 5)).toBe(0);
    expect(itemWinRate(0, 0)).toBeNull();
  });
});

describe('matchesText', () => {
  it('ignores accents and case, and matches barcodes', () => {
    expect(matchesText('dipirona', 'Dipirona Sódica')).toBe(true);
    expect(matchesText('sodica', 'Dipirona Sódica')).toBe(true);
    expect(matchesText('7891', 'x', '7891000100103')).toBe(true);
    expect(matchesText('zzz', 'x', null)).toBe(false);
  });
});

describe('quote item drafts', () => {
  const base = {
    unitPrice: '12,50',
    minimumQuantity: '',
    wantsSubstitute: false,
    substituteProductName: '',
    substituteManufacturer: '',
    hasBonus: true,
    bonusProductName: 'Vitamina C',
    bonusManufacturer: '',
    bonusExpiryDate: '',
    bonusQuantity: '1',
  };

  it('turns typed text into values, storing an empty bonus expiry date as null', () => {
    const result = valuesFromDraft(base);
    expect(result.errors).toBeNull();
    expect(result.values).toMatchObject({ unitPrice: 12.5, minimumQuantity: null, bonusExpiryDate: null, bonusManufacturer: null, bonusQuantity: 1 });
  });

  it('reports invalid fields in Portuguese', () => {
    const result = valuesFromDraft({ ...base, unitPrice: '12,5x', bonusQuantity: '0', minimumQuantity: '2,5' });
    expect(result.values).toBeNull();
    expect(result.errors).toEqual({
      unitPrice: 'Preço inválido. Use, por exemplo, 12,50.',
      minimumQuantity: 'Use um número inteiro.',
      bonusQuantity: 'A quantidade da bonificação deve ser maior que zero.',
    });
  });

  it('round-trips stored values', () => {
    const values = valuesFromDraft(base).values;
    expect(values).not.toBeNull();
    if (values) expect(draftFromValues(values).unitPrice).toBe('12,50');
  });
});

describe('createBatchErrorDescription', () => {
  it('lists the distinct per-item reasons the RPC reports in DETAIL', async () => {
    const { createBatchErrorDescription } = await import('@/features/purchasing/api/create-batch');
    const error = {
      code: 'P0001',
      message: 'Não foi possível criar o lote',
      details: JSON.stringify([
        { shortage_id: 'a', message: 'Item já está em outro lote' },
        { shortage_id: 'b', message: 'Item já está em outro lote' },
      ]),
    };
    expect(createBatchErrorDescription(error)).toBe('Não foi possível criar o lote: Item já está em outro lote');
    expect(createBatchErrorDescription({ code: 'XX000', message: 'boom' })).toBe('Falha ao criar lote de cotação');
  });
});

describe('what the order says was won', () => {
  it('lists the winning lines whose need is below the supplier minimum, with the substitute actually bought', () => {
    const lines = linesBelowMinimum(
      comparison([
        // s1 needs 10: Alfa won with a minimum of 24 and a substitute; Beta's higher minimum lost and does not count.
        comparisonCell('s1', 'qA', 2, { isWinner: true, minimumQuantity: 24, wantsSubstitute: true, substituteProductName: ' Dipirona genérica ' }),
        comparisonCell('s1', 'qB', 1, { minimumQuantity: 50 }),
        // s2 needs 3: a minimum of 3 is not above the need.
        comparisonCell('s2', 'qB', 5, { isWinner: true, minimumQuantity: 3 }),
        // s3 won without a price (never ordered) and a substitute flag without a name.
        comparisonCell('s3', 'qA', null, { isWinner: true, minimumQuantity: 9 }),
      ]),
    );
    expect(lines).toEqual([
      {
        shortageId: 's1', productName: 'Dipirona 500mg', unitName: 'Unidade Centro', supplierName: 'Alfa',
        requestedQuantity: 10, minimumQuantity: 24, unitPrice: 2, substituteProductName: 'Dipirona genérica',
      },
    ]);
    expect(linesBelowMinimum(comparison([comparisonCell('s2', 'qA', 4, { isWinner: true, minimumQuantity: 4, wantsSubstitute: true, substituteProductName: '' })]))).toEqual([
      expect.objectContaining({ shortageId: 's2', minimumQuantity: 4, substituteProductName: null }),
    ]);
  });

  it('names the product actually bought and the bonus of an order line', () => {
    expect(boughtProduct({ productName: 'Dipirona 500mg', substituteProductName: null, substituteManufacturer: null })).toBe('Dipirona 500mg');
    expect(boughtProduct({ productName: 'Dipirona 500mg', substituteProductName: 'Dipirona genérica', substituteManufacturer: 'EMS' })).toBe('Dipirona genérica (EMS)');
    expect(boughtProduct({ productName: 'Dipirona 500mg', substituteProductName: 'Dipirona genérica', substituteManufacturer: null })).toBe('Dipirona genérica');
    expect(bonusText({ bonusQuantity: 2, bonusProductName: 'Mesmo produto', bonusManufacturer: 'EMS', bonusExpiryDate: '2027-08-10' })).toBe(
      '+ 2 un. de bonificação (Mesmo produto, EMS) · validade 10/08/2027',
    );
    expect(bonusText({ bonusQuantity: 1200, bonusProductName: null, bonusManufacturer: null, bonusExpiryDate: null })).toBe('+ 1.200 un. de bonificação');
  });
});
