/**
 * A calling window in one time zone: how long until it opens, across midnight, across
 * daylight-saving changes, on its weekdays and not on its excluded dates. The expected instants are
 * written out in UTC by hand.
 */
import { isOpen, msUntilOpen, openingAt, parseClock } from '../../workflows/callingHours';
import type { CallingHours } from '../../workflows/definitions';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);
const office: CallingHours = { start: '09:00', end: '17:00' };
const night: CallingHours = { start: '22:00', end: '06:00' };

/**
 * When a campaign that looks at `nowMs` first dials: it waits what msUntilOpen says and looks again
 * when it wakes, as the workflow's loop does.
 */
function firstDial(nowMs: number, timezone: string, hours: CallingHours): { at: number; waits: number[] } {
  const waits: number[] = [];
  let t = nowMs;
  for (let wait = msUntilOpen(t, timezone, hours); wait > 0; wait = msUntilOpen(t, timezone, hours)) {
    waits.push(wait);
    t += wait;
    if (waits.length > 3) throw new Error('the window never opened');
  }
  return { at: t, waits };
}

test('clock times are seconds since midnight', () => {
  expect(parseClock('00:00')).toBe(0);
  expect(parseClock('09:30')).toBe(9 * 3600 + 30 * 60);
  expect(parseClock('23:59')).toBe(23 * 3600 + 59 * 60);
});

test('no window: always open', () => {
  expect(msUntilOpen(at('2026-01-15T03:00:00Z'), 'Europe/London', null)).toBe(0);
});

test('a daytime window opens at its start (inclusive) and closes at its end (exclusive) until the next day', () => {
  expect(msUntilOpen(at('2026-01-15T08:00:00Z'), 'UTC', office)).toBe(HOUR);
  expect(msUntilOpen(at('2026-01-15T08:59:59Z'), 'UTC', office)).toBe(1000);
  expect(msUntilOpen(at('2026-01-15T09:00:00Z'), 'UTC', office)).toBe(0);
  expect(msUntilOpen(at('2026-01-15T16:59:59Z'), 'UTC', office)).toBe(0);
  expect(msUntilOpen(at('2026-01-15T17:00:00Z'), 'UTC', office)).toBe(16 * HOUR);
  expect(msUntilOpen(at('2026-01-15T23:30:00Z'), 'UTC', office)).toBe(9.5 * HOUR);
});

test('a window whose end is before its start spans midnight', () => {
  for (const open of ['2026-01-15T22:00:00Z', '2026-01-15T23:59:59Z', '2026-01-16T00:00:00Z', '2026-01-16T05:59:59Z']) {
    expect(msUntilOpen(at(open), 'UTC', night)).toBe(0);
  }
  expect(msUntilOpen(at('2026-01-16T06:00:00Z'), 'UTC', night)).toBe(16 * HOUR);
  expect(msUntilOpen(at('2026-01-16T12:00:00Z'), 'UTC', night)).toBe(10 * HOUR);
  expect(msUntilOpen(at('2026-01-16T21:59:00Z'), 'UTC', night)).toBe(MINUTE);
});

test("the window is in the campaign's timezone, with its offset of the day", () => {
  // New York is UTC-5 in winter, UTC-4 in summer; London UTC+0, then UTC+1.
  expect(msUntilOpen(at('2026-01-15T13:00:00Z'), 'America/New_York', office)).toBe(HOUR);
  expect(msUntilOpen(at('2026-01-15T14:00:00Z'), 'America/New_York', office)).toBe(0);
  expect(msUntilOpen(at('2026-07-15T13:00:00Z'), 'America/New_York', office)).toBe(0);
  expect(msUntilOpen(at('2026-07-15T08:00:00Z'), 'Europe/London', office)).toBe(0);
  expect(msUntilOpen(at('2026-07-15T16:00:00Z'), 'Europe/London', office)).toBe(16 * HOUR);
  // Half past ten at night in New York is already the next day in UTC.
  expect(msUntilOpen(at('2026-01-16T03:30:00Z'), 'America/New_York', night)).toBe(0);
  expect(msUntilOpen(at('2026-01-16T11:00:00Z'), 'America/New_York', night)).toBe(16 * HOUR);
});

describe('spring forward: the clock skips an hour, and a wait across it is an hour shorter than the clocks say', () => {
  test.each([
    // London 2026-03-29: 01:00 GMT becomes 02:00 BST; 09:00 BST is 08:00Z.
    { zone: 'Europe/London', now: '2026-03-29T00:30:00Z', opens: '2026-03-29T08:00:00Z', wait: 7.5 * HOUR },
    // New York 2026-03-08: 02:00 EST becomes 03:00 EDT; 09:00 EDT is 13:00Z.
    { zone: 'America/New_York', now: '2026-03-08T06:00:00Z', opens: '2026-03-08T13:00:00Z', wait: 7 * HOUR },
  ])('$zone: dialling starts at the opening, in one wait', ({ zone, now, opens, wait }) => {
    expect(firstDial(at(now), zone, office)).toEqual({ at: at(opens), waits: [wait] });
    expect(msUntilOpen(at(opens) - 1000, zone, office)).toBe(1000);
  });

  test('a window that starts in the skipped hour opens once the clock has passed its start', () => {
    // London has no 01:30 on 2026-03-29: 00:45 GMT waits 45 minutes, to 02:30 BST, inside 01:30-03:00.
    const dial = firstDial(at('2026-03-29T00:45:00Z'), 'Europe/London', { start: '01:30', end: '03:00' });
    expect(dial).toEqual({ at: at('2026-03-29T01:30:00Z'), waits: [45 * MINUTE] });
  });

  test('a night window over the change is an hour shorter in real time, and closes at its local end', () => {
    expect(msUntilOpen(at('2026-03-29T00:30:00Z'), 'Europe/London', night)).toBe(0);
    expect(msUntilOpen(at('2026-03-29T04:59:00Z'), 'Europe/London', night)).toBe(0);
    // 05:00Z is 06:00 BST: closed until 22:00 BST, 21:00Z.
    expect(firstDial(at('2026-03-29T05:00:00Z'), 'Europe/London', night)).toEqual({ at: at('2026-03-29T21:00:00Z'), waits: [16 * HOUR] });
  });
});

describe('fall back: the clock repeats an hour, and a wait across it is an hour longer than the clocks say', () => {
  test.each([
    // London 2026-10-25: 02:00 BST becomes 01:00 GMT; 09:00 GMT is 09:00Z.
    { zone: 'Europe/London', now: '2026-10-25T00:30:00Z', opens: '2026-10-25T09:00:00Z', wait: 8.5 * HOUR },
    // New York 2026-11-01: 02:00 EDT becomes 01:00 EST; 09:00 EST is 14:00Z.
    { zone: 'America/New_York', now: '2026-11-01T05:30:00Z', opens: '2026-11-01T14:00:00Z', wait: 8.5 * HOUR },
  ])('$zone: dialling starts at the opening, in one wait', ({ zone, now, opens, wait }) => {
    expect(firstDial(at(now), zone, office)).toEqual({ at: at(opens), waits: [wait] });
  });

  test('the repeated hour is inside a night window both times', () => {
    // 01:30 New York time happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(msUntilOpen(at('2026-11-01T05:30:00Z'), 'America/New_York', night)).toBe(0);
    expect(msUntilOpen(at('2026-11-01T06:30:00Z'), 'America/New_York', night)).toBe(0);
    // 06:00 EST, 11:00Z, closes it until 22:00 EST, 03:00Z the next day.
    expect(firstDial(at('2026-11-01T11:00:00Z'), 'America/New_York', night)).toEqual({ at: at('2026-11-02T03:00:00Z'), waits: [16 * HOUR] });
  });
});

describe('days and excludeDates, by the local calendar', () => {
  // 2026-01-16 is a Friday; 2026-01-19 a Monday.
  const weekdays: CallingHours = { ...office, days: ['mon', 'tue', 'wed', 'thu', 'fri'] };

  test("after Friday's window a weekday window opens on Monday", () => {
    expect(msUntilOpen(at('2026-01-16T17:00:00Z'), 'UTC', weekdays)).toBe(at('2026-01-19T09:00:00Z') - at('2026-01-16T17:00:00Z'));
    expect(isOpen(at('2026-01-17T10:00:00Z'), 'UTC', weekdays)).toBe(false);
    expect(isOpen(at('2026-01-19T10:00:00Z'), 'UTC', weekdays)).toBe(true);
  });

  test("the weekday is the zone's: Monday 08:00 in Tokyo is still Sunday in UTC", () => {
    // 2026-01-18T23:00Z is Monday 08:00 JST: the window opens an hour later, 00:00Z.
    expect(msUntilOpen(at('2026-01-18T23:00:00Z'), 'Asia/Tokyo', weekdays)).toBe(HOUR);
    expect(isOpen(at('2026-01-19T00:00:00Z'), 'Asia/Tokyo', weekdays)).toBe(true);
    expect(isOpen(at('2026-01-18T10:00:00Z'), 'UTC', weekdays)).toBe(false);
  });

  test('an excluded date keeps the window shut that day, also mid-window', () => {
    const holiday: CallingHours = { ...weekdays, excludeDates: ['2026-01-19', '2026-01-20'] };
    expect(isOpen(at('2026-01-19T10:00:00Z'), 'UTC', holiday)).toBe(false);
    expect(msUntilOpen(at('2026-01-16T17:00:00Z'), 'UTC', holiday)).toBe(at('2026-01-21T09:00:00Z') - at('2026-01-16T17:00:00Z'));
    // Berlin is UTC+1: its 2026-01-19 starts at 23:00Z on the 18th.
    expect(openingAt(at('2026-01-18T22:00:00Z'), 'Europe/Berlin', holiday)).toBe(at('2026-01-21T08:00:00Z'));
  });

  test('the hours after midnight of a night window belong to the day it opened', () => {
    const fridayNight: CallingHours = { ...night, days: ['fri'] };
    // Friday 22:00 to Saturday 06:00; Saturday 22:00 stays shut.
    expect(isOpen(at('2026-01-16T23:00:00Z'), 'UTC', fridayNight)).toBe(true);
    expect(isOpen(at('2026-01-17T05:00:00Z'), 'UTC', fridayNight)).toBe(true);
    expect(isOpen(at('2026-01-17T23:00:00Z'), 'UTC', fridayNight)).toBe(false);
    expect(isOpen(at('2026-01-16T05:00:00Z'), 'UTC', fridayNight)).toBe(false);
    expect(openingAt(at('2026-01-17T06:00:00Z'), 'UTC', fridayNight)).toBe(at('2026-01-23T22:00:00Z'));
  });

  test('a window that never opens again waits forever', () => {
    expect(msUntilOpen(at('2026-01-16T17:00:00Z'), 'UTC', { ...office, days: ['mon'], excludeDates: ['2026-01-19'] })).toBe(
      at('2026-01-26T09:00:00Z') - at('2026-01-16T17:00:00Z'),
    );
    expect(msUntilOpen(at('2026-01-16T17:00:00Z'), 'UTC', { ...office, days: [] })).toBe(Infinity);
  });

  test('a weekday window across a DST change opens at the local start of the next allowed day', () => {
    // New York springs forward on Sunday 2026-03-08: Friday 09:00 EST is 14:00Z, Monday 09:00 EDT 13:00Z.
    expect(openingAt(at('2026-03-06T22:00:00Z'), 'America/New_York', weekdays)).toBe(at('2026-03-09T13:00:00Z'));
    // Berlin falls back on Sunday 2026-10-25: Monday 09:00 CET is 08:00Z.
    expect(openingAt(at('2026-10-23T16:00:00Z'), 'Europe/Berlin', weekdays)).toBe(at('2026-10-26T08:00:00Z'));
  });
});
