/** The campaign's outcome policy: what the end of one attempt means for its recipient. */
import { attemptOutcome } from '../../workflows/campaignOutcome';
import type { CallState, CampaignSettings, Disposition } from '../../workflows/definitions';

const NOW = Date.parse('2026-03-29T09:00:00Z');
const settings: Omit<CampaignSettings, 'concurrency'> = { retryLimit: 3, retryDelayMinutes: 30, retryPolicy: {} };

const completed = (disposition: Disposition, connected: boolean): CallState => ({ status: 'completed', disposition, carrierCallId: 'c-1', connected });
const refused = (kind: 'rejected' | 'unavailable'): CallState => ({ status: 'dialing', refused: kind });

test.each(['completed', 'contact_hung_up', 'max_duration', 'hangup_requested'] as const)(
  'a call that connected completes its recipient, even ended as %s and on the last attempt',
  (disposition) => {
    expect(attemptOutcome({ attempt: 3, result: completed(disposition, true) }, settings, false, NOW)).toEqual({ disposition, result: 'completed' });
  },
);

test.each(['no_answer', 'busy', 'voicemail', 'voicemail_left', 'failed', 'hangup_requested'] as const)(
  'a call that did not connect (%s) is retried retryDelayMinutes later while attempts are left',
  (disposition) => {
    expect(attemptOutcome({ attempt: 1, result: completed(disposition, false) }, settings, false, NOW)).toEqual({
      disposition,
      result: 'retry',
      retryAt: NOW + 30 * 60_000,
    });
  },
);

test('the last attempt allowed fails its recipient instead of retrying it', () => {
  expect(attemptOutcome({ attempt: 2, result: completed('busy', false) }, settings, false, NOW).result).toBe('retry');
  expect(attemptOutcome({ attempt: 3, result: completed('busy', false) }, settings, false, NOW)).toEqual({ disposition: 'busy', result: 'failed' });
  expect(attemptOutcome({ attempt: 1, result: completed('busy', false) }, { retryLimit: 1, retryDelayMinutes: 30, retryPolicy: {} }, false, NOW).result).toBe(
    'failed',
  );
});

test('a number the carrier rejected fails at once; a carrier that was unavailable is tried again', () => {
  expect(attemptOutcome({ attempt: 1, result: refused('rejected') }, settings, false, NOW)).toEqual({ disposition: 'carrier_rejected', result: 'failed' });
  expect(attemptOutcome({ attempt: 1, result: refused('unavailable') }, settings, false, NOW)).toEqual({
    disposition: 'carrier_unavailable',
    result: 'retry',
    retryAt: NOW + 30 * 60_000,
  });
});

test('a call that failed or was terminated (no result) counts as failed and is retried', () => {
  expect(attemptOutcome({ attempt: 1, result: null }, settings, false, NOW)).toEqual({ disposition: 'failed', result: 'retry', retryAt: NOW + 30 * 60_000 });
  expect(attemptOutcome({ attempt: 3, result: null }, settings, false, NOW)).toEqual({ disposition: 'failed', result: 'failed' });
});

test('once the campaign is cancelled a recipient with attempts left stays pending; reached and exhausted ones are final', () => {
  expect(attemptOutcome({ attempt: 1, result: completed('hangup_requested', false) }, settings, true, NOW)).toEqual({
    disposition: 'hangup_requested',
    result: 'pending',
  });
  expect(attemptOutcome({ attempt: 1, result: completed('hangup_requested', true) }, settings, true, NOW).result).toBe('completed');
  expect(attemptOutcome({ attempt: 3, result: completed('no_answer', false) }, settings, true, NOW).result).toBe('failed');
  expect(attemptOutcome({ attempt: 1, result: refused('rejected') }, settings, true, NOW).result).toBe('failed');
});

test('the retry delay is the campaign setting, in minutes, from the time given', () => {
  const later = NOW + 12_345;
  expect(
    attemptOutcome({ attempt: 1, result: completed('busy', false) }, { retryLimit: 5, retryDelayMinutes: 0.5, retryPolicy: {} }, false, later).retryAt,
  ).toBe(later + 30_000);
});

describe('retryPolicy: a delay or a final outcome per kind of unreached call', () => {
  const policy = { ...settings, retryPolicy: { busy: { delayMinutes: 5 }, no_answer: { delayMinutes: 240 }, voicemail: { retry: false as const } } };
  const retryAt = (result: CallState | null, s: typeof settings = policy) => attemptOutcome({ attempt: 1, result }, s, false, NOW).retryAt;

  test('a kind with its own delay waits that long instead of retryDelayMinutes', () => {
    expect(retryAt(completed('busy', false))).toBe(NOW + 5 * 60_000);
    expect(retryAt(completed('no_answer', false))).toBe(NOW + 240 * 60_000);
  });

  test('a kind made final fails its recipient at the first such outcome; voicemail covers a message left', () => {
    expect(attemptOutcome({ attempt: 1, result: completed('voicemail', false) }, policy, false, NOW)).toEqual({ disposition: 'voicemail', result: 'failed' });
    expect(attemptOutcome({ attempt: 1, result: completed('voicemail_left', false) }, policy, false, NOW)).toEqual({
      disposition: 'voicemail_left',
      result: 'failed',
    });
  });

  test('kinds the policy does not name, and dispositions outside its kinds, wait retryDelayMinutes', () => {
    expect(retryAt(completed('failed', false))).toBe(NOW + 30 * 60_000);
    expect(retryAt(completed('hangup_requested', false))).toBe(NOW + 30 * 60_000);
  });

  test('failed covers calls that failed, were terminated or found the carrier unavailable', () => {
    const failedFinal = { ...settings, retryPolicy: { failed: { retry: false as const } } };
    const failedSlow = { ...settings, retryPolicy: { failed: { delayMinutes: 90 } } };
    for (const result of [completed('failed', false), null, refused('unavailable')]) {
      expect(attemptOutcome({ attempt: 1, result }, failedFinal, false, NOW).result).toBe('failed');
      expect(retryAt(result, failedSlow)).toBe(NOW + 90 * 60_000);
    }
  });

  test('retryLimit still caps the attempts, and a reached recipient completes whatever the policy', () => {
    expect(attemptOutcome({ attempt: 3, result: completed('busy', false) }, policy, false, NOW)).toEqual({ disposition: 'busy', result: 'failed' });
    expect(attemptOutcome({ attempt: 1, result: completed('completed', true) }, policy, false, NOW).result).toBe('completed');
  });

  test('a cancelled campaign leaves a recipient pending rather than retrying it on its own delay', () => {
    expect(attemptOutcome({ attempt: 1, result: completed('busy', false) }, policy, true, NOW)).toEqual({ disposition: 'busy', result: 'pending' });
  });
});

test('a reached recipient who asked to be called back is retried then, while attempts are left; not past retryLimit, nor once stopped', () => {
  const callback = (at: string): CallState => ({ ...completed('completed', true), callbackAt: at });
  expect(attemptOutcome({ attempt: 1, result: callback('2026-03-30T10:00:00+01:00') }, settings, false, NOW)).toEqual({
    disposition: 'completed',
    result: 'retry',
    retryAt: Date.parse('2026-03-30T09:00:00Z'),
    callback: true,
  });
  // A time already past is due at once.
  expect(attemptOutcome({ attempt: 1, result: callback('2026-03-29T08:00:00Z') }, settings, false, NOW).retryAt).toBe(NOW);
  expect(attemptOutcome({ attempt: 3, result: callback('2026-03-30T10:00:00+01:00') }, settings, false, NOW)).toEqual({
    disposition: 'completed',
    result: 'completed',
  });
  expect(attemptOutcome({ attempt: 1, result: callback('2026-03-30T10:00:00+01:00') }, settings, true, NOW)).toEqual({
    disposition: 'completed',
    result: 'completed',
  });
});
