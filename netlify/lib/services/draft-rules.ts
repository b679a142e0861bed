/**
 * Rules the back office's drafts share (products, the home page, collections and subcategories): whether saved
 * changes wait to be published, the 409 a late save gets, and whether a piece they name is on sale.
 */
import { formatIndiaDateTime } from '@shared/india-time';
import { conflict, type AppError } from '../errors';

/** Whether a draft holds saved changes no publish has put live yet. */
export const isWaiting = (d: { version: number; publishedVersion?: number } | null | undefined): boolean =>
  d != null && d.version !== (d.publishedVersion ?? 0);

/** The 409 of a save over a version someone else saved over first: who, and when (India's time). */
export function lateSave(what: string, current: { updatedByName: string; updatedAt: Date } | null): AppError {
  const who = current
    ? `${current.updatedByName || 'Someone'} saved ${what} at ${formatIndiaDateTime(current.updatedAt)}`
    : `Someone saved ${what}`;
  return conflict(`${who}, after you opened it. Reload it to see their changes, then make yours again.`);
}

/** Whether shoppers can buy a piece (one stored before statuses existed has none, and is). */
export const isOnSale = (p: { status?: string | undefined }): boolean => (p.status ?? 'active') === 'active';
