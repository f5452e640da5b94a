import type { RealtimeChannel } from '@supabase/supabase-js';

/** Subscribes `channel` and resolves once the server confirms it (rejects on error or after `timeoutMs`). */
export function subscribed(channel: RealtimeChannel, timeoutMs = 8000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('subscribe timed out')), timeoutMs);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        resolve();
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        clearTimeout(timer);
        reject(new Error(`${status}: ${error?.message ?? ''}`));
      }
    });
  });
}
