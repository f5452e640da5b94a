/**
 * The one-line explanation of an offer's effective unit cost, as the comparison shows it under the cost: 'R$ 15,57 ×
 * 24 un. + 3 bonificadas, a 45 dias com 2 % a.m. → R$ 13,43 por unidade necessária'. get_batch_comparison sends the
 * figures (price, minimum, bonus, the quote's payment term, the cost of money and the effective cost it computed) and
 * the screen writes the sentence for the cells it draws, instead of receiving 5,000 sentences for a 500 × 10 batch
 * (migration 20261210000000). The wording and rounding are private.effective_cost_explanation's, which the quote
 * analysis still uses: tests/integration/app/purchasing-effective-cost.test.ts compares the two over a grid of inputs.
 *
 * Rounding is done on integers (ten-thousandths), never on binary fractions, so a value such as 13,425 rounds to 13,43
 * as PostgreSQL's numeric round does (half away from zero), where (13.425).toFixed(2) gives '13.42'.
 */
import { formatNumber } from '@/lib/dates';

export interface EffectiveCostInputs {
  unitPrice: number | null;
  /** The item's requested quantity (the need). */
  requestedQuantity: number;
  minimumQuantity: number | null;
  /** Bonus units given with the offer (0 when it gives none). */
  bonusQuantity: number;
  /** The quote's payment term; null or 0 is cash (à vista). */
  paymentTermDays: number | null;
  /** The cost of money the effective cost was computed at, a fraction a month (0.02 = 2 %). */
  monthlyRate: number;
  /** get_batch_comparison's effective unit cost (four decimals); null without a price or a need. */
  effectiveUnitCost: number | null;
}

const TWO_DECIMALS = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
const FOUR_DECIMALS = { minimumFractionDigits: 4, maximumFractionDigits: 4 };
const integer = (value: number) => formatNumber(value, { maximumFractionDigits: 0 });

/** A value of at most four decimals as an integer of ten-thousandths (exact: it removes the binary fraction's noise). */
function tenThousandths(value: number): number {
  return Math.round(value * 10_000);
}

/** Ten-thousandths rounded to hundredths, half away from zero (PostgreSQL's round(numeric, 2)). */
function toHundredths(units: number): number {
  return Math.sign(units) * Math.floor((Math.abs(units) + 50) / 100);
}

/** 'R$ 1.234,56', or four decimals when the price has them ('R$ 1,2345'): private.purchase_brl. */
function brl(value: number): string {
  const units = tenThousandths(value);
  return `R$ ${units % 100 === 0 ? formatNumber(units / 10_000, TWO_DECIMALS) : formatNumber(units / 10_000, FOUR_DECIMALS)}`;
}

/** The monthly rate in percent, at most two decimals without trailing zeros ('2', '1,5'): private.purchase_pct. */
function percent(rate: number): string {
  // The rate in millionths (percent with four decimals), then rounded to percent with two.
  const hundredths = toHundredths(Math.round(rate * 1_000_000));
  return String(hundredths / 100).replace('.', ',');
}

export function effectiveCostExplanation(inputs: EffectiveCostInputs): string | null {
  const { unitPrice, requestedQuantity: need, minimumQuantity, bonusQuantity, paymentTermDays, monthlyRate, effectiveUnitCost } = inputs;
  if (unitPrice === null || need <= 0 || effectiveUnitCost === null) return null;
  const minimum = minimumQuantity ?? 0;
  const term = paymentTermDays ?? 0;
  let text = `${brl(unitPrice)} × ${integer(Math.max(need, minimum))} un.`;
  if (minimum > need) text += ` (mínimo ${integer(minimum)}, ${integer(minimum - need)} além da necessidade)`;
  if (bonusQuantity > 0) text += ` + ${integer(bonusQuantity)} ${bonusQuantity === 1 ? 'bonificada' : 'bonificadas'}`;
  text += term > 0 ? `, a ${integer(term)} ${term === 1 ? 'dia' : 'dias'} com ${percent(monthlyRate)} % a.m.` : ', à vista';
  // The effective cost rounded to cents always takes two decimals.
  return `${text} → R$ ${formatNumber(toHundredths(tenThousandths(effectiveUnitCost)) / 100, TWO_DECIMALS)} por unidade necessária`;
}
