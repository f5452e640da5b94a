import { describe, expect, it } from 'vitest';
import { bulkDeleteSummary, shortageDeleteRefusedToast, shortageDependencyReasons, shortageErrorMessage } from '@/features/shortages/messages';

describe('shortage deletion messages (spec §5, §8)', () => {
  it('lists every reason a shortage cannot be deleted, in Portuguese', () => {
    expect(shortageDependencyReasons({ has_order_items: true, has_quote_items: true, in_batch: true })).toEqual([
      'possui itens de pedido',
      'possui itens de cotação',
      'pertence a um lote',
    ]);
    expect(shortageDependencyReasons({ has_order_items: false, has_quote_items: false, in_batch: true })).toEqual(['pertence a um lote']);
    expect(shortageDependencyReasons({ has_order_items: false, has_quote_items: false, in_batch: false })).toEqual([]);
  });

  it("titles a refused delete 'Operação não permitida' with the reasons", () => {
    expect(shortageDeleteRefusedToast(['possui itens de cotação', 'pertence a um lote'])).toEqual({
      title: 'Operação não permitida',
      description: 'Esta falta não pode ser excluída: possui itens de cotação, pertence a um lote.',
    });
    expect(shortageDeleteRefusedToast([])).toEqual({ title: 'Operação não permitida', description: 'Esta falta não pode ser excluída.' });
  });

  it("reports a bulk delete as '{n} falta(s) excluída(s)', written for the number, with the count not deleted", () => {
    expect(bulkDeleteSummary(3, 0)).toEqual({ title: '3 faltas excluídas' });
    expect(bulkDeleteSummary(1, 2)).toEqual({ title: '1 falta excluída', description: '2 faltas não puderam ser excluídas.' });
    expect(bulkDeleteSummary(2, 1)).toEqual({ title: '2 faltas excluídas', description: '1 falta não pôde ser excluída.' });
  });

  it("says 'Nenhuma falta foi excluída' when none was", () => {
    expect(bulkDeleteSummary(0, 2)).toEqual({ title: 'Nenhuma falta foi excluída', description: '2 faltas não puderam ser excluídas.' });
    expect(bulkDeleteSummary(0, 0).title).toBe('Nenhuma falta foi excluída');
  });
});

describe('shortage write errors', () => {
  it("shows the database's Portuguese check messages as they are", () => {
    expect(shortageErrorMessage({ code: '23514', message: 'A quantidade solicitada deve ser maior que zero' })).toBe(
      'A quantidade solicitada deve ser maior que zero',
    );
    expect(shortageErrorMessage({ code: '23514', message: 'A observação deve ter no máximo 500 caracteres' })).toBe(
      'A observação deve ter no máximo 500 caracteres',
    );
  });

  it('still translates a bare check-constraint text', () => {
    expect(
      shortageErrorMessage({ code: '23514', message: 'new row for relation "shortages" violates check constraint "shortages_available_quantity_check"' }),
    ).toBe('A quantidade disponível não pode ser negativa.');
    expect(shortageErrorMessage({ code: '23514', message: 'new row violates check constraint "x"' })).toBe('Verifique os dados informados.');
  });

  it('explains a foreign-key refusal (linked to quotes or orders)', () => {
    expect(shortageErrorMessage({ code: '23503', message: 'update or delete on table "shortages" violates foreign key constraint' })).toBe(
      'A falta está vinculada a cotações ou pedidos.',
    );
    expect(shortageErrorMessage({ code: '23503', message: 'Não é possível excluir a falta: ela pertence a um lote' })).toBe(
      'Não é possível excluir a falta: ela pertence a um lote',
    );
  });
});
