/**
 * Token buckets, as tollbooth (which GoTrue uses): each key refills at `perWindow / windowSeconds`
 * tokens per second up to `burst`. GoTrue fixes the burst at 30; we use min(perWindow, 30) so a
 * project with a tiny limit (say 3 per 5 minutes) refuses the 4th request, not the 31st.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly ratePerMs: number;
  private readonly burst: number;

  constructor(perWindow: number, windowSeconds: number, burst = Math.min(perWindow, 30)) {
    this.ratePerMs = perWindow / (windowSeconds * 1000);
    this.burst = Math.max(1, burst);
  }

  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    // A non-positive or non-finite limit means "no limit".
    if (!Number.isFinite(this.ratePerMs) || this.ratePerMs <= 0) return true;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(key, bucket);
      if (this.buckets.size > 10_000) this.prune(now);
    } else {
      bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.ratePerMs);
      bucket.at = now;
    }
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.ratePerMs >= this.burst) this.buckets.delete(key);
    }
  }
}
