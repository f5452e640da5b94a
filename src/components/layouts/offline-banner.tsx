import { WifiOff } from 'lucide-react';
import { useConnectionState } from '@/hooks/use-connection-state';
import { NETWORK_ERROR_MESSAGE } from '@/lib/network';

/**
 * A bar across the top of every screen while the browser is offline or the server cannot be
 * reached; it goes away by itself when a request (or the reachability probe) gets an answer.
 */
export function OfflineBanner() {
  const state = useConnectionState();
  if (state === 'online') return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-destructive px-4 py-2 text-center text-sm font-medium text-white print:hidden"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {NETWORK_ERROR_MESSAGE} <span className="font-normal opacity-90">O que foi digitado continua na tela; tentando reconectar…</span>
      </span>
    </div>
  );
}
