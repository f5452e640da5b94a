import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { boletosReportQueryOptions } from '@/features/boleto-report/api/get-boletos-report';
import { prefetchBoletoReport } from '@/features/boleto-report/first-queries';
import { filtersFromSearch } from '@/features/boleto-report/logic';

const UNIT = '3f2b8c1e-6a4d-4e2f-9b1a-0c5d7e8f9a01';

/** The query keys prefetchBoletoReport asks for on a URL's search, and whether it asked for the chart's code. */
async function prefetched(search: string): Promise<{ keys: unknown[]; chart: boolean }> {
  const queryClient = new QueryClient();
  const prefetch = vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined);
  const loadChart = vi.fn(() => Promise.resolve());
  await prefetchBoletoReport(queryClient, search, loadChart);
  return { keys: prefetch.mock.calls.map(([options]) => options.queryKey), chart: loadChart.mock.calls.length > 0 };
}

describe('prefetchBoletoReport', () => {
  it("asks for the report with the URL's filters under the page's own query key, and for the chart's code", async () => {
    expect(await prefetched('')).toEqual({ keys: [boletosReportQueryOptions(filtersFromSearch(new URLSearchParams())).queryKey], chart: true });
    const search = `?unidade=${UNIT}&de=2026-01-01&ate=2026-01-31`;
    expect(await prefetched(search)).toEqual({ keys: [boletosReportQueryOptions(filtersFromSearch(new URLSearchParams(search))).queryKey], chart: true });
  });

  it('asks for nothing when the page would refuse the period', async () => {
    expect(await prefetched('?de=2026-02-01&ate=2026-01-01')).toEqual({ keys: [], chart: false });
  });
});
