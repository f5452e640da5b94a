import type { ReportFilters, UnitScope } from '@/features/boleto-report/types';

/** Query keys of /relatorio-boletos (one factory; every queryFn variable is in its key). */
export const boletoReportKeys = {
  all: ['boleto-report'] as const,
  report: (filters: ReportFilters) => [...boletoReportKeys.all, 'report', filters] as const,
  units: (scope: UnitScope) => [...boletoReportKeys.all, 'units', scope] as const,
  suppliers: () => [...boletoReportKeys.all, 'suppliers'] as const,
};
