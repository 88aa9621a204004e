/** The `callback` built-in's time: a local date and clock time read in the person's zone, one instant for each, across daylight-saving changes. */
import { callbackSpec, runCallback } from '../../conversation/callback';
import { instantOfLocal, isoInZone } from '../../lib/zonedDays';

test('a local time resolves to one instant: a repeated one to its first occurrence, a skipped one to just after the jump', () => {
  expect(new Date(instantOfLocal('2026-11-27', '10:00', 'Europe/London')).toISOString()).toBe('2026-11-27T10:00:00.000Z');
  expect(new Date(instantOfLocal('2026-07-01', '10:00', 'Europe/London')).toISOString()).toBe('2026-07-01T09:00:00.000Z');
  expect(new Date(instantOfLocal('2026-07-01', '10:00', 'Asia/Kolkata')).toISOString()).toBe('2026-07-01T04:30:00.000Z');
  // London falls back at 02:00 BST on 2026-10-25: 01:30 is shown twice, first at 00:30Z.
  expect(new Date(instantOfLocal('2026-10-25', '01:30', 'Europe/London')).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  // London springs forward at 01:00 GMT on 2026-03-29: 01:30 never shows; read at the offset before, it is 01:30Z (02:30 BST).
  expect(new Date(instantOfLocal('2026-03-29', '01:30', 'Europe/London')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  expect(isoInZone(Date.parse('2026-10-25T00:30:00Z'), 'Europe/London')).toBe('2026-10-25T01:30:00+01:00');
  expect(isoInZone(Date.parse('2026-07-01T04:30:00Z'), 'Asia/Kolkata')).toBe('2026-07-01T10:00:00+05:30');
  expect(isoInZone(Date.parse('2026-11-27T15:00:00Z'), 'America/New_York')).toBe('2026-11-27T10:00:00-05:00');
  // Seconds past the minute are dropped, never rounded into the offset.
  expect(isoInZone(Date.parse('2026-07-01T09:00:45Z'), 'Europe/London')).toBe('2026-07-01T10:00:00+01:00');
});

test('the tool: today where the person is in its description, a time to come recorded, anything else told to the model', () => {
  const now = Date.parse('2026-11-26T23:30:00Z');
  expect(callbackSpec({ timezone: 'Asia/Kolkata' }, now).description).toContain('Today is 2026-11-27 (Friday) where they are (Asia/Kolkata).');
  expect(runCallback({ date: '2026-11-28', time: '10:00' }, { timezone: 'Asia/Kolkata' }, now)).toEqual({
    ok: true,
    result: { at: '2026-11-28T10:00:00+05:30', timezone: 'Asia/Kolkata' },
  });
  expect(runCallback({ date: '2026-11-27', time: '04:00' }, { timezone: 'Asia/Kolkata' }, now)).toMatchObject({
    ok: false,
    error: expect.stringContaining('has passed'),
  });
  expect(runCallback({ date: '2026-02-30', time: '10:00' }, { timezone: 'UTC' }, now)).toMatchObject({
    ok: false,
    error: expect.stringContaining('YYYY-MM-DD'),
  });
  expect(runCallback({ date: '2026-11-28', time: '10am' }, { timezone: 'UTC' }, now)).toMatchObject({ ok: false, error: expect.stringContaining('HH:MM') });
});
