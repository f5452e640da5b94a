import { useEffect, useSyncExternalStore } from 'react';
import { getConnectionState, NETWORK_ERROR_MESSAGE, reportBrowserOnline, subscribeConnection } from '@/lib/network';

/**
 * A bar across the top of every screen (the sign-in page included) while the browser is offline or
 * the server cannot be reached (src/lib/network.ts); it goes away by itself when a request or the
 * reachability probe gets an answer. It follows the browser's online/offline events too.
 */
export function OfflineBanner() {
  useEffect(() => {
    const online = () => reportBrowserOnline(true);
    const offline = () => reportBrowserOnline(false);
    reportBrowserOnline(navigator.onLine !== false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, []);
  const state = useSyncExternalStore(subscribeConnection, getConnectionState, () => 'online');
  if (state === 'online') return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      className="sticky top-0 z-50 bg-destructive px-4 py-2 text-center text-sm font-medium text-white print:hidden"
    >
      {NETWORK_ERROR_MESSAGE} <span className="font-normal opacity-90">O que foi digitado continua na tela; tentando reconectar…</span>
    </div>
  );
}
