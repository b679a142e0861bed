/** The one error type services throw; its status and message go to the caller as JSON. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 404 with a message naming what was not found. */
export const notFound = (what: string): AppError => new AppError(404, `${what} not found`);

/** 400 for input that parsed but makes no sense. */
export const badRequest = (message: string): AppError => new AppError(400, message);

/** 401 for a missing, forged, expired or revoked token. */
export const unauthorized = (message = 'Please sign in again.'): AppError => new AppError(401, message);

/** 403 for a signed-in caller who may not do this. */
export const forbidden = (message = 'You are not allowed to do this.'): AppError => new AppError(403, message);

/** 409 for a request that conflicts with the current state (stock, a changed total). */
export const conflict = (message: string): AppError => new AppError(409, message);

/** 429 with Retry-After in whole seconds (at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number): AppError =>
  new AppError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** 503 when the database cannot be reached. */
export const databaseUnavailable = (): AppError =>
  new AppError(503, 'The shop is temporarily unavailable (database unreachable). Please try again in a moment.');
