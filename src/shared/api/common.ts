/**
 * The envelope every endpoint answers with, and how endpoint paths are written. Imports nothing, so
 * islands can type their fetches at no cost to the bundle.
 */

/** Every endpoint lives under this path. */
export const API_BASE = '/api';

/** Every refused or failed call: the status says why (400, 404, 429, 503...), message says it in words. */
export interface ApiError {
  success: false;
  message: string;
}

/** A successful answer: `success: true` next to the endpoint's own fields. */
export type ApiSuccess<T extends object> = { success: true } & T;

/** What a caller may receive from an endpoint: its success body or the error shape. */
export type ApiResult<T extends { success: true }> = T | ApiError;

/** The path of an endpoint that takes one path parameter, and the fixed prefix the function strips off. */
interface ParamPath {
  (value: string): string;
  /** The path before the parameter, e.g. /api/getProducts. */
  readonly prefix: string;
}

/** Builds a ParamPath; the parameter is encoded with encodeURIComponent. */
export function paramPath(prefix: string): ParamPath {
  return Object.assign((value: string) => `${prefix}/${encodeURIComponent(value)}`, { prefix });
}
