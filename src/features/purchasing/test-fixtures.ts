import type { ComparisonCell } from '@/features/purchasing/types';

/** A supplier's answer for one item of the comparison, for tests: no minimum, substitute, bonus or effective cost unless given. */
export function comparisonCell(
  shortageId: string,
  quoteId: string,
  unitPrice: number | null,
  extra: Partial<ComparisonCell> = {},
): ComparisonCell {
  return {
    quoteId,
    shortageId,
    unitPrice,
    minimumQuantity: null,
    isWinner: false,
    wantsSubstitute: false,
    substituteProductName: null,
    substituteManufacturer: null,
    hasBonus: false,
    bonusProductName: null,
    bonusManufacturer: null,
    bonusExpiryDate: null,
    bonusQuantity: 1,
    effectiveUnitCost: null,
    priceRank: null,
    effectiveRank: null,
    ...extra,
  };
}
