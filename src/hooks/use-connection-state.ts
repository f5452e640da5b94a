import { useEffect, useSyncExternalStore } from 'react';
import { getConnectionState, reportBrowserOnline, subscribeConnection, type ConnectionState } from '@/lib/network';

/** Whether the server can be reached (src/lib/network.ts), following the browser's online/offline events too. */
export function useConnectionState(): ConnectionState {
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
  return useSyncExternalStore(subscribeConnection, getConnectionState, () => 'online');
}
