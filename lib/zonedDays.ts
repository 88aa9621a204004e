/**
 * Calendar days in an IANA time zone, for analytics grouped by the customer's day. Uses Intl only,
 * so any zone the runtime's ICU knows is accepted.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const QUARTER_MS = 15 * 60 * 1000;

/** One formatter per zone: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timezone, f);
  }
  return f;
}

export function isTimeZone(timezone: string): boolean {
  try {
    formatter(timezone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at an instant, to the second, as the epoch ms of that wall time read as UTC. */
export function wallClock(atMs: number, timezone: string): number {
  const parts = formatter(timezone).formatToParts(new Date(atMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

export const utcDay = (atMs: number) => new Date(atMs).toISOString().slice(0, 10);

/** The local date `YYYY-MM-DD` of an instant. */
export const localDate = (atMs: number, timezone: string) => utcDay(wallClock(atMs, timezone));

/** The date `days` after `date` (both `YYYY-MM-DD`). */
export const addDays = (date: string, days: number) => utcDay(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);

/**
 * The first instant of a local date. Where the clock skips midnight (a spring-forward at 00:00),
 * that is the moment of the jump: offsets and their changes fall on whole quarter-hours.
 */
export function startOfLocalDay(date: string, timezone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let at = wall - (wallClock(wall, timezone) - wall);
  at = wall - (wallClock(at, timezone) - at);
  while (localDate(at, timezone) === date) at -= QUARTER_MS;
  while (localDate(at, timezone) < date) at += QUARTER_MS;
  return at;
}

/**
 * The instant a zone's clock shows `time` (`HH:MM`) on `date` (`YYYY-MM-DD`). A time the clock
 * shows twice (falling back) is its first occurrence; one it skips (springing forward) is read with
 * the offset before the jump, so it lands just after the jump: one answer for every local time.
 */
export function instantOfLocal(date: string, time: string, timezone: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const candidates = [wall - DAY_MS, wall + DAY_MS].map((probe) => wall - (wallClock(probe, timezone) - probe));
  const shown = candidates.filter((at) => wallClock(at, timezone) === wall);
  return shown.length > 0 ? Math.min(...shown) : candidates[0]!;
}

/** An instant as ISO 8601 in the zone's local time with its offset: `2026-11-27T10:00:00+00:00`. */
export function isoInZone(atMs: number, timezone: string): string {
  const minute = Math.floor(atMs / 60_000) * 60_000;
  const offsetMinutes = Math.round((wallClock(minute, timezone) - minute) / 60_000);
  const local = new Date(minute + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
