/**
 * When a banner shows: from the start of its first India day (`startsOn`) to the end of its last (`endsOn`),
 * either left open. Pages are built ahead, so the build shows what is showing as it runs, and the scheduled
 * rebuild (netlify/functions/banner_schedule.ts) runs one when a boundary passes. Pure: the build, the API and
 * the back office's editor share it.
 */
import { indiaDayStart } from './india-time';

/** The part of a banner its schedule reads: India days 'YYYY-MM-DD', absent or '' when open. */
interface BannerSchedule {
  startsOn?: string | undefined;
  endsOn?: string | undefined;
}

const DAY_MS = 24 * 60 * 60_000;

/** The instant a banner starts showing, or null when it has no start. */
const scheduleStart = (b: BannerSchedule): Date | null => (b.startsOn ? indiaDayStart(b.startsOn) : null);

/** The instant a banner stops showing (the start of the India day after `endsOn`), or null when it has no end. */
const scheduleEnd = (b: BannerSchedule): Date | null => (b.endsOn ? new Date(indiaDayStart(b.endsOn).getTime() + DAY_MS) : null);

/** Where a banner's schedule stands at `now`: not started yet, showing, or ended. */
export function scheduleState(b: BannerSchedule, now: Date): 'upcoming' | 'showing' | 'ended' {
  const start = scheduleStart(b);
  const end = scheduleEnd(b);
  if (start && now < start) return 'upcoming';
  if (end && now >= end) return 'ended';
  return 'showing';
}

/** Every moment at which one of these banners starts or stops showing, in order. */
export function scheduleBoundaries(banners: readonly BannerSchedule[]): Date[] {
  return banners
    .flatMap((b) => [scheduleStart(b), scheduleEnd(b)])
    .filter((d): d is Date => d !== null)
    .sort((a, b) => a.getTime() - b.getTime());
}
