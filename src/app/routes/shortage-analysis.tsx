import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { ShortageAnalysisPage } from '@/features/analytics/shortage-analysis/shortage-analysis-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /analise-faltas (ADMIN and ANALISTA with VIEW_REPORTS; the database refuses anyone else): shortages
 * over time, by unit, category and product, recurrence and the wait for purchase. Filters in the URL.
 */
export default function ShortageAnalysisRoute() {
  const title = titleForPath(paths.shortageAnalysis);
  useDocumentTitle(title);
  return <ShortageAnalysisPage title={title} />;
}
