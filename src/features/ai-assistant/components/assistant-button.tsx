/**
 * The assistant's floating button at the bottom right (spec §2) and, once opened, its panel above it. The panel's
 * code loads on the first open. The caller decides who sees it (ADMIN or ADMIN_ACCESS, on /compras, /cotacoes and
 * /itens-vitoriosos): src/app/purchasing-assistant.tsx.
 */
import { Bot } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { AssistantContext } from '@/features/ai-assistant/conversation';
import { assistantMessages as m } from '@/features/ai-assistant/messages';

const AssistantPanel = lazy(() => import('@/features/ai-assistant/components/assistant-panel'));

export function AssistantButton({ context }: { context: AssistantContext }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <div className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3 print:hidden">
      {open && (
        <Suspense
          fallback={
            <div className="flex h-40 w-[min(26rem,calc(100vw-2rem))] items-center justify-center rounded-xl border bg-background shadow-2xl">
              <Spinner />
            </div>
          }
        >
          <AssistantPanel context={context} onClose={close} />
        </Suspense>
      )}
      <Button
        ref={buttonRef}
        type="button"
        size="icon"
        className="size-12 rounded-full shadow-lg"
        aria-label={open ? m.close : m.open}
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <Bot className="size-6" aria-hidden />
      </Button>
    </div>
  );
}
