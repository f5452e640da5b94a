import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/auth-context';
import { WinningItemsPage } from '@/features/purchasing/components/winning-items-page';
import { PurchasingAssistant } from '@/app/purchasing-assistant';

/** /itens-vitoriosos: a representative's won items; an admin sees every supplier and the win rates. */
export default function WinningItemsRoute() {
  useDocumentTitle('Itens Vitoriosos');
  const { user } = useAuth();
  return (
    <>
      <WinningItemsPage isAdmin={user?.role === 'ADMIN'} />
      <PurchasingAssistant context="itens-vitoriosos" />
    </>
  );
}
