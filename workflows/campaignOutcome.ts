/**
 * The campaign's outcome policy: what the end of one attempt means for its recipient. Pure, so the
 * campaign workflow decides with it and unit tests pin it down.
 */
import type { AttemptOutcome, CampaignSettings, EndedCall, RetryKind } from './definitions';

export interface AttemptDecision {
  /**
   * The recipient's last disposition: the call's own, `carrier_rejected` or `carrier_unavailable`
   * when the carrier refused the dial, `failed` when the call failed or was terminated.
   */
  disposition: string;
  result: AttemptOutcome['result'];
  /** With `retry`: when the next attempt is due (epoch ms), before its recipient's calling hours. */
  retryAt?: number;
  /** The retry is the callback the person asked for: it waits for their calling hours to open, not for a lane's order. */
  callback?: true;
}

/**
 * Which rule of `retryPolicy` an unreached disposition follows: a voicemail reached (left a message
 * or not) is `voicemail`; a call that failed, was terminated or found the carrier unavailable is
 * `failed`. Others (hung up before it connected, say) follow `retryDelayMinutes` alone.
 */
const RETRY_KIND: Partial<Record<string, RetryKind>> = {
  busy: 'busy',
  no_answer: 'no_answer',
  voicemail: 'voicemail',
  voicemail_left: 'voicemail',
  failed: 'failed',
  carrier_unavailable: 'failed',
};

/**
 * A recipient the call reached is `completed`, whatever the disposition, unless they asked to be
 * called back: then their next attempt is at that time, if `retryLimit` allows one. One not reached is
 * `failed` once out of attempts (`retryLimit` caps them whatever the policy), at once when the
 * carrier rejected the number (it would refuse it again), or when `retryPolicy` makes its kind
 * final (`{retry: false}`); otherwise it is retried after its kind's `delayMinutes`, else
 * `retryDelayMinutes`, from now, unless the campaign was cancelled first: then it stays `pending`.
 */
export function attemptOutcome(
  ended: Pick<EndedCall, 'attempt' | 'result'>,
  settings: Pick<CampaignSettings, 'retryLimit' | 'retryDelayMinutes' | 'retryPolicy'>,
  campaignStopped: boolean,
  nowMs: number,
): AttemptDecision {
  const call = ended.result;
  const disposition = call?.refused ? `carrier_${call.refused}` : (call?.disposition ?? 'failed');
  // Asked to be called back: the next attempt is then, while attempts remain under `retryLimit`.
  if (call?.connected === true && call.callbackAt && ended.attempt < settings.retryLimit && !campaignStopped) {
    return { disposition, result: 'retry', retryAt: Math.max(nowMs, Date.parse(call.callbackAt)), callback: true };
  }
  if (call?.connected === true) return { disposition, result: 'completed' };
  const kind = RETRY_KIND[disposition];
  const rule = kind === undefined ? undefined : settings.retryPolicy[kind];
  if (call?.refused === 'rejected' || ended.attempt >= settings.retryLimit || (rule && 'retry' in rule)) return { disposition, result: 'failed' };
  if (campaignStopped) return { disposition, result: 'pending' };
  const delayMinutes = rule && 'delayMinutes' in rule ? rule.delayMinutes : settings.retryDelayMinutes;
  return { disposition, result: 'retry', retryAt: nowMs + delayMinutes * 60_000 };
}
