/**
 * Spec §2: the AI assistant's floating button on /compras, /cotacoes and /itens-vitoriosos (their routes render
 * this), for ADMIN or holders of ADMIN_ACCESS only. The ai-chat function checks the same in the database.
 */
import { AI_ASSISTANT_ACCESS } from '@/config/permissions';
import { hasAccess } from '@/lib/permissions';
import { useAuth } from '@/features/auth/auth-context';
import { AssistantButton } from '@/features/ai-assistant/components/assistant-button';
import type { AssistantContext } from '@/features/ai-assistant/conversation';

export function PurchasingAssistant({ context }: { context: AssistantContext }) {
  const { user } = useAuth();
  if (!user || !hasAccess(user, AI_ASSISTANT_ACCESS)) return null;
  return <AssistantButton context={context} />;
}
