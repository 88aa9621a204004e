/**
 * A campaign's daily calling window, in its own timezone. Pure and deterministic given the time,
 * so the campaign workflow can use it.
 */
import type { CallingHours } from './definitions';

const DAY_S = 24 * 60 * 60;

export const parseClock = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 3600 + m! * 60;
};

/** Seconds since local midnight in `timezone`. */
function localSecondOfDay(nowMs: number, timezone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(nowMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 3600 + get('minute') * 60 + get('second');
}

/**
 * Milliseconds until the window opens: 0 while it is open or when there is no window. The wait is
 * to the instant the zone's clock shows the start, also across a daylight-saving change; a start
 * the clock skips that day opens once the clock has passed it.
 */
export function msUntilOpen(nowMs: number, timezone: string, hours: CallingHours | null): number {
  if (!hours) return 0;
  const now = localSecondOfDay(nowMs, timezone);
  const start = parseClock(hours.start);
  const end = parseClock(hours.end);
  const open = start < end ? now >= start && now < end : now >= start || now < end;
  if (open) return 0;
  const byClock = ((start - now + DAY_S) % DAY_S) * 1000;
  // The clock jumped on the way (by an hour, say): move by what it jumped, unless the start was skipped.
  const jump = ((start - localSecondOfDay(nowMs + byClock, timezone) + DAY_S * 1.5) % DAY_S) - DAY_S / 2;
  const exact = byClock + jump * 1000;
  return jump !== 0 && exact > 0 && localSecondOfDay(nowMs + exact, timezone) === start ? exact : byClock;
}
