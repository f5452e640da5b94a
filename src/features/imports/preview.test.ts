import { describe, expect, it } from 'vitest';
import { rowVerdicts, verdictCounts } from '@/features/imports/preview';

describe('rowVerdicts', () => {
  const local = [[], ['Quantidade solicitada inválida'], [], []];

  it('shows the file checks until the database has answered', () => {
    expect(rowVerdicts(local, undefined)).toEqual([
      { errors: [], warnings: [] },
      { errors: ['Quantidade solicitada inválida'], warnings: [] },
      { errors: [], warnings: [] },
      { errors: [], warnings: [] },
    ]);
  });

  it("then takes the dry run's errors and warnings per file row (numbered from 1)", () => {
    const verdicts = rowVerdicts(local, {
      errors: [
        { row: 2, errors: ['Quantidade solicitada inválida'] },
        { row: 3, errors: ['Produto não encontrado'] },
      ],
      warnings: [{ row: 4, warnings: ['Produto repetido no arquivo (linha 1)'] }],
    });
    expect(verdicts).toEqual([
      { errors: [], warnings: [] },
      { errors: ['Quantidade solicitada inválida'], warnings: [] },
      { errors: ['Produto não encontrado'], warnings: [] },
      { errors: [], warnings: ['Produto repetido no arquivo (linha 1)'] },
    ]);
    expect(verdictCounts(verdicts)).toEqual({ valid: 2, invalid: 2, withWarnings: 1 });
  });
});
