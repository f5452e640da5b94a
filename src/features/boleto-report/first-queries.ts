/**
 * What /relatorio-boletos asks for first, read from its URL alone (the filters live there: ?unidade, fornecedor,
 * de, ate): the report with those filters, and the chart's code (recharts), which the page would otherwise start
 * loading only once its own code ran. The router calls `prefetchBoletoReport` as soon as a reload's session is known
 * (src/app/router.tsx), while the user's profile and the page's code load; the page uses the same query options,
 * hence one request, not two. A period the page refuses is not asked for. The database authorizes the call: a user
 * who may not see the report gets a refusal the page never shows. No React here.
 */
import type { QueryClient } from '@tanstack/react-query';
import { toAppDateString } from '@/lib/dates';
import { boletosReportQueryOptions } from '@/features/boleto-report/api/get-boletos-report';
import { filtersFromSearch, periodError } from '@/features/boleto-report/logic';

export function prefetchBoletoReport(queryClient: QueryClient, search: string, loadChart: () => Promise<unknown> = loadChartCode): Promise<unknown> {
  const filters = filtersFromSearch(new URLSearchParams(search));
  if (periodError(filters, toAppDateString(new Date())) !== null) return Promise.resolve();
  void loadChart().catch(() => undefined); // the page asks again when the chart mounts
  return queryClient.prefetchQuery(boletosReportQueryOptions(filters));
}

function loadChartCode(): Promise<unknown> {
  return import('@/features/boleto-report/components/due-timeline-chart');
}
