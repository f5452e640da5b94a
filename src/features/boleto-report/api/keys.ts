/** Query keys of /relatorio-boletos. */
export const boletoReportKeys = {
  all: ['boleto-report'] as const,
  report: (filters: { unitId: string | null; supplierId: string | null; paidFrom: string | null; paidTo: string | null }) =>
    [...boletoReportKeys.all, 'report', filters] as const,
  units: () => [...boletoReportKeys.all, 'units'] as const,
  suppliers: () => [...boletoReportKeys.all, 'suppliers'] as const,
};
