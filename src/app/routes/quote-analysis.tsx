import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/auth-context';
import { QuoteAnalysisPage } from '@/features/analytics/quote-analysis/quote-analysis-page';

/** /analise-cotacoes: 'Análise de Cotações Avançada' (a representative sees its own figures only). */
export default function QuoteAnalysisRoute() {
  useDocumentTitle('Análise de Cotações Avançada');
  const { user } = useAuth();
  return <QuoteAnalysisPage representative={user?.role === 'REPRESENTANTE'} />;
}
