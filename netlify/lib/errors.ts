/** The one error type services throw; its status and message go to the caller as JSON. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 404 with a message naming what was not found. */
export const notFound = (what: string): AppError => new AppError(404, `${what} not found`);

/** 400 for input that parsed but makes no sense. */
export const badRequest = (message: string): AppError => new AppError(400, message);

/** 503 when the database cannot be reached. */
export const databaseUnavailable = (): AppError =>
  new AppError(503, 'The shop is temporarily unavailable (database unreachable). Please try again in a moment.');
