import { tooManyRequests } from '../errors';
import { rateLimitRepository } from '../repositories/rate-limit.repository';

/** One rate limit: at most `limit` hits per `windowSeconds` for a key (an IP, a phone). */
export interface RateLimit {
  /** Names the limit in the key, so limits never share counters. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What the caller reads on a 429; " Try again in 40 seconds." (or "in N minutes.") is appended. */
  message: string;
}

/** "in 40 seconds", "in 12 minutes": how long a shopper must wait, in words. */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 90) return `in ${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  return `in ${m} minute${m === 1 ? '' : 's'}`;
}

/** Rate limits backed by database counters, exact under concurrency (atomic single-document updates). */
export const rateLimitService = {
  /**
   * Counts a hit of `weight` for `subject` (1 per request unless the limit counts items, like events), or
   * throws a 429 with Retry-After when it does not fit in its window.
   */
  async consume(limit: RateLimit, subject: string, now = new Date(), weight = 1): Promise<void> {
    const windowMs = limit.windowSeconds * 1000;
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    const end = start + windowMs;
    // Kept a window longer than needed; a TTL index on expiresAt tidies up on Atlas (correctness never depends on it).
    const ok = await rateLimitRepository.take(`${limit.name}:${subject}`, new Date(start), limit.limit, new Date(end + windowMs), weight);
    if (!ok) {
      const retryAfter = (end - now.getTime()) / 1000;
      throw tooManyRequests(`${limit.message} Try again ${waitInWords(retryAfter)}.`, retryAfter);
    }
  },
};

/**
 * The caller's IP address. Netlify's edge sets x-nf-client-connection-ip on every function request (a
 * value sent by the browser is replaced); the local server sets it from the socket the same way.
 */
export function clientIp(req: Request): string {
  return req.headers.get('x-nf-client-connection-ip')?.trim() || 'unknown';
}
