/**
 * What each analysis screen asks the database for, read from its URL alone. The screens use these functions for
 * their queries, and the router calls `prefetchAnalysisScreen` as soon as a reload's session is known (before the
 * user's profile, permissions and the screen's code have arrived), so the answer is already on its way when the
 * screen first renders: the same functions both ways give the same query keys, hence one request, not two.
 * No React here: this module is small and loads ahead of the screens.
 */
import type { QueryClient } from '@tanstack/react-query';
import { toAppDateString } from '@/lib/dates';
import { analysisFilterOptionsQueryOptions } from '@/features/analytics/api/get-analysis-filter-options';
import { purchaseDaysQueryOptions, type PurchaseDaysParams } from '@/features/analytics/api/get-purchase-days-analysis';
import { purchaseReportQueryOptions, type PurchaseReportFilters } from '@/features/analytics/api/get-purchase-report';
import { quoteAnalysisQueryOptions, type QuoteAnalysisInput } from '@/features/analytics/api/get-quote-analysis';
import { shortageAnalysisQueryOptions, type ShortageAnalysisParams } from '@/features/analytics/api/get-shortage-analysis';
import {
  costOfMoneyExtra,
  parseAnalysisSearch,
  recurrenceExtra,
  type AnalysisFilters,
  type ExtraValues,
} from '@/features/analytics/components/shared/use-analysis-params';

/** /analise-cotacoes's own URL param: the cost of money. */
export const QUOTE_ANALYSIS_EXTRAS = { costOfMoney: costOfMoneyExtra };
/** /analise-faltas's own URL param: the recurrence window. */
export const SHORTAGE_ANALYSIS_EXTRAS = { recurrenceDays: recurrenceExtra };

export function quoteAnalysisInput(filters: AnalysisFilters, extras: ExtraValues<typeof QUOTE_ANALYSIS_EXTRAS>): QuoteAnalysisInput {
  return { ...filters, costOfMoney: extras.costOfMoney };
}

export function shortageAnalysisInput(filters: AnalysisFilters, extras: ExtraValues<typeof SHORTAGE_ANALYSIS_EXTRAS>): ShortageAnalysisParams {
  const { from, to, unitId, categoryId, productId } = filters;
  return { from, to, unitId, categoryId, productId, recurrenceDays: extras.recurrenceDays };
}

export function purchaseDaysInput(filters: AnalysisFilters): PurchaseDaysParams {
  const { from, to, unitId, supplierId, categoryId, productId } = filters;
  return { from, to, unitId, supplierId, categoryId, productId };
}

/** The purchase report has no product filter (an order holds many products). */
export function purchaseReportInput(filters: AnalysisFilters): PurchaseReportFilters {
  const { from, to, unitId, supplierId, categoryId } = filters;
  return { from, to, unitId, supplierId, categoryId };
}

export type AnalysisScreen = 'quote-analysis' | 'shortage-analysis' | 'purchase-days' | 'purchase-report';

/**
 * Starts the first queries of `screen` for the URL's `search` (its figures and the filters' options), into the
 * cache the screen will read. Ids the caller's options turn out not to know are dropped by the screen, which then
 * asks again without them; everything else is asked for exactly as the screen asks for it.
 */
export function prefetchAnalysisScreen(screen: AnalysisScreen, queryClient: QueryClient, search: string): Promise<unknown> {
  const params = new URLSearchParams(search);
  const today = toAppDateString(new Date());
  const figures = (() => {
    switch (screen) {
      case 'quote-analysis': {
        const { filters, extras } = parseAnalysisSearch(params, today, QUOTE_ANALYSIS_EXTRAS);
        return queryClient.prefetchQuery(quoteAnalysisQueryOptions(quoteAnalysisInput(filters, extras)));
      }
      case 'shortage-analysis': {
        const { filters, extras } = parseAnalysisSearch(params, today, SHORTAGE_ANALYSIS_EXTRAS);
        return queryClient.prefetchQuery(shortageAnalysisQueryOptions(shortageAnalysisInput(filters, extras)));
      }
      case 'purchase-days': {
        const { filters } = parseAnalysisSearch(params, today, {});
        return queryClient.prefetchQuery(purchaseDaysQueryOptions(purchaseDaysInput(filters)));
      }
      case 'purchase-report': {
        const { filters } = parseAnalysisSearch(params, today, {});
        return queryClient.prefetchQuery(purchaseReportQueryOptions(purchaseReportInput(filters)));
      }
    }
  })();
  return Promise.all([figures, queryClient.prefetchQuery(analysisFilterOptionsQueryOptions())]);
}
