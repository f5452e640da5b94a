/**
 * Runs `callback` once the browser is idle, and at the latest after `timeoutMs`; where requestIdleCallback is missing
 * (Safari), after `fallbackMs`. Returns how to cancel it (an effect's cleanup).
 */
export function whenIdle(callback: () => void, timeoutMs: number, fallbackMs = 200): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(callback, fallbackMs);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
  return () => window.cancelIdleCallback(idle);
}
