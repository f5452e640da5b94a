import { describe, expect, it } from 'vitest';
import { effectiveCostExplanation, type EffectiveCostInputs } from '@/features/purchasing/effective-cost';

const base: EffectiveCostInputs = {
  unitPrice: 9.5,
  requestedQuantity: 10,
  minimumQuantity: null,
  bonusQuantity: 0,
  paymentTermDays: 0,
  monthlyRate: 0.02,
  effectiveUnitCost: 9.5,
};

describe('effectiveCostExplanation', () => {
  it('writes the sentences of the hand-computed fixture (tests/integration/app/purchasing-effective-cost.test.ts)', () => {
    expect(effectiveCostExplanation(base)).toBe('R$ 9,50 × 10 un., à vista → R$ 9,50 por unidade necessária');
    expect(
      effectiveCostExplanation({ ...base, unitPrice: 10, minimumQuantity: 12, bonusQuantity: 4, paymentTermDays: 60, effectiveUnitCost: 8.2386 }),
    ).toBe('R$ 10,00 × 12 un. (mínimo 12, 2 além da necessidade) + 4 bonificadas, a 60 dias com 2 % a.m. → R$ 8,24 por unidade necessária');
    expect(
      effectiveCostExplanation({ ...base, unitPrice: 15.57, requestedQuantity: 24, bonusQuantity: 3, paymentTermDays: 45, effectiveUnitCost: 13.4327 }),
    ).toBe('R$ 15,57 × 24 un. + 3 bonificadas, a 45 dias com 2 % a.m. → R$ 13,43 por unidade necessária');
  });

  it('singular forms, thousands, four-decimal prices and the rate in percent', () => {
    expect(effectiveCostExplanation({ ...base, unitPrice: 1.2345, requestedQuantity: 1500, bonusQuantity: 1, paymentTermDays: 1, monthlyRate: 0.015, effectiveUnitCost: 1.2331 })).toBe(
      'R$ 1,2345 × 1.500 un. + 1 bonificada, a 1 dia com 1,5 % a.m. → R$ 1,23 por unidade necessária',
    );
    expect(effectiveCostExplanation({ ...base, unitPrice: 1234.5678, minimumQuantity: 2000, paymentTermDays: 30, monthlyRate: 0, effectiveUnitCost: 246913.56 })).toBe(
      'R$ 1.234,5678 × 2.000 un. (mínimo 2.000, 1.990 além da necessidade), a 30 dias com 0 % a.m. → R$ 246.913,56 por unidade necessária',
    );
    expect(effectiveCostExplanation({ ...base, paymentTermDays: 30, monthlyRate: 0.02345 })).toContain('com 2,35 % a.m.');
  });

  it('rounds the effective cost half away from zero on its decimal value, as PostgreSQL does', () => {
    // 13.425 is 13.42499… in binary: toFixed(2) would say 13,42.
    expect(effectiveCostExplanation({ ...base, effectiveUnitCost: 13.425 })).toMatch(/→ R\$ 13,43 por unidade necessária$/);
    expect(effectiveCostExplanation({ ...base, effectiveUnitCost: 1.005 })).toMatch(/→ R\$ 1,01 por unidade necessária$/);
    expect(effectiveCostExplanation({ ...base, effectiveUnitCost: 1.0049 })).toMatch(/→ R\$ 1,00 por unidade necessária$/);
  });

  it('says nothing without a price, a need or an effective cost', () => {
    expect(effectiveCostExplanation({ ...base, unitPrice: null })).toBeNull();
    expect(effectiveCostExplanation({ ...base, requestedQuantity: 0 })).toBeNull();
    expect(effectiveCostExplanation({ ...base, effectiveUnitCost: null })).toBeNull();
  });
});
