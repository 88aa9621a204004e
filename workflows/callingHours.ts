/**
 * A daily calling window applied in one time zone: which weekdays, which dates not, from when to
 * when by the local clock. Pure and deterministic given the time, so the campaign workflow asks it
 * for every recipient's zone.
 */
import { wallClock } from '../lib/zonedDays';
import type { CallingHours, Weekday } from './definitions';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

export const parseClock = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 3600 + m! * 60;
};

/** The local date `YYYY-MM-DD` of a wall time, its weekday, and the date's own midnight. */
function dayOf(wallMs: number): { date: string; weekday: Weekday; midnight: number } {
  const midnight = Math.floor(wallMs / DAY_MS) * DAY_MS;
  const d = new Date(midnight);
  return { date: d.toISOString().slice(0, 10), weekday: WEEKDAYS[d.getUTCDay()]!, midnight };
}

/** A window opens on this local day: one of `days` (all when omitted), not one of `excludeDates`. */
function opensOn(day: { date: string; weekday: Weekday }, hours: CallingHours): boolean {
  return (hours.days?.includes(day.weekday) ?? true) && !(hours.excludeDates?.includes(day.date) ?? false);
}

/**
 * The instant the zone's clock shows `wallMs`. A wall time the clock repeats (falling back) is its
 * first occurrence; one the clock skips (springing forward) is read with the offset before the
 * jump, so a window starting in the skipped hour opens once the clock has passed its start.
 */
function instantOf(wallMs: number, timezone: string): number {
  const before = wallMs - (wallClock(wallMs - DAY_MS, timezone) - (wallMs - DAY_MS));
  const after = wallMs - (wallClock(wallMs + DAY_MS, timezone) - (wallMs + DAY_MS));
  const valid = [before, after].filter((t) => wallClock(t, timezone) === wallMs);
  return valid.length > 0 ? Math.min(...valid) : before;
}

/**
 * Open at this instant. A window whose `end` is before its `start` spans midnight: its hours after
 * midnight belong to the day it opened, so they count when that day is allowed.
 */
export function isOpen(nowMs: number, timezone: string, hours: CallingHours | null): boolean {
  if (!hours) return true;
  const wall = wallClock(nowMs, timezone);
  const today = dayOf(wall);
  const second = (wall - today.midnight) / 1000;
  const start = parseClock(hours.start);
  const end = parseClock(hours.end);
  if (start < end) return second >= start && second < end && opensOn(today, hours);
  if (second >= start) return opensOn(today, hours);
  return second < end && opensOn(dayOf(today.midnight - DAY_MS), hours);
}

/**
 * Milliseconds until the window next opens: 0 while it is open or when there is no window,
 * Infinity when it never opens again. The wait ends at the instant the zone's clock shows the
 * start on the next allowed day, also across a daylight-saving change.
 */
export function msUntilOpen(nowMs: number, timezone: string, hours: CallingHours | null): number {
  if (!hours || isOpen(nowMs, timezone, hours)) return 0;
  const start = parseClock(hours.start) * 1000;
  // Every excluded date can skip one allowed day; past that many weeks the window opens or never will.
  const horizonDays = 7 * ((hours.excludeDates?.length ?? 0) + 2);
  const today = dayOf(wallClock(nowMs, timezone)).midnight;
  for (let d = 0; d <= horizonDays; d += 1) {
    const day = dayOf(today + d * DAY_MS);
    if (!opensOn(day, hours)) continue;
    const opening = instantOf(day.midnight + start, timezone);
    if (opening > nowMs) return opening - nowMs;
  }
  return Infinity;
}

/** The first instant at or after `atMs` at which the window is open (Infinity: never). */
export function openingAt(atMs: number, timezone: string, hours: CallingHours | null): number {
  return atMs + msUntilOpen(atMs, timezone, hours);
}
