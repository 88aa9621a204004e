/**
 * The campaign's outcome policy: what the end of one attempt means for its recipient. Pure, so the
 * campaign workflow decides with it and unit tests pin it down.
 */
import type { AttemptOutcome, CampaignSettings, EndedCall } from './definitions';

export interface AttemptDecision {
  /**
   * The recipient's last disposition: the call's own, `carrier_rejected` or `carrier_unavailable`
   * when the carrier refused the dial, `failed` when the call failed or was terminated.
   */
  disposition: string;
  result: AttemptOutcome['result'];
  /** With `retry`: when the next attempt is due (epoch ms). */
  retryAt?: number;
}

/**
 * A recipient the call reached is `completed`, whatever the disposition. One not reached is
 * `failed` once out of attempts, or at once when the carrier rejected the number (it would refuse
 * it again); otherwise it is retried `retryDelayMinutes` from now, unless the campaign was
 * cancelled first: then it stays `pending`.
 */
export function attemptOutcome(
  ended: Pick<EndedCall, 'attempt' | 'result'>,
  settings: Pick<CampaignSettings, 'retryLimit' | 'retryDelayMinutes'>,
  campaignStopped: boolean,
  nowMs: number,
): AttemptDecision {
  const call = ended.result;
  const disposition = call?.refused ? `carrier_${call.refused}` : (call?.disposition ?? 'failed');
  if (call?.connected === true) return { disposition, result: 'completed' };
  if (call?.refused === 'rejected' || ended.attempt >= settings.retryLimit) return { disposition, result: 'failed' };
  if (campaignStopped) return { disposition, result: 'pending' };
  return { disposition, result: 'retry', retryAt: nowMs + settings.retryDelayMinutes * 60_000 };
}
