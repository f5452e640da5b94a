import { paths } from '@/config/paths';
import { titleForPath } from '@/config/permissions';
import { PurchaseDaysPage } from '@/features/analytics/purchase-days/purchase-days-page';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * /analise-dias-compras (ADMIN, ADMIN_COMPRAS and ANALISTA with VIEW_REPORTS; the database refuses anyone
 * else): days from shortage to order and delivery by supplier, weekday and product; on-time and fill rates.
 */
export default function PurchaseDaysAnalysisRoute() {
  const title = titleForPath(paths.purchaseDaysAnalysis);
  useDocumentTitle(title);
  return <PurchaseDaysPage title={title} />;
}
