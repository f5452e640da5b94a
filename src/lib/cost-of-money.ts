/**
 * The buyer's monthly cost of money, typed in percent: the rate the effective unit cost uses to bring a
 * payment term to present value (domain notes §1.6). /compras's comparison and /analise-cotacoes both
 * read it here; the database checks the same range (private.check_monthly_rate).
 */
export const COST_OF_MONEY_DEFAULT_PERCENT = 2;

export const COST_OF_MONEY_RANGE_MESSAGE = 'O custo do dinheiro deve estar entre 0 % e 20 % ao mês';

/** '2', '1,5', '0.75' → the percent (0–20, at most two decimals); anything else → null. */
export function parseCostOfMoneyPercent(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}(?:[.,]\d{1,2})?$/.test(trimmed)) return null;
  const percent = Number(trimmed.replace(',', '.'));
  return percent <= 20 ? percent : null;
}
