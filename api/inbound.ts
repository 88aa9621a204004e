/**
 * A call arriving on one of our numbers, whichever way it came (Twilio's webhook, a simulated test
 * call, the dashboard's browser call): admitted and recorded (domain/inbound.ts), then its workflow
 * started. A workflow that cannot be started leaves the call to the slot reaper, which finds no
 * workflow for it, ends it `failed` and gives its hold back; the caller hears the fallback line.
 */
import { DEFAULT_FALLBACK, admitInbound, type Arrival, type InboundOutcome } from '../domain/inbound';
import { releaseUnconfirmedCall } from '../domain/admission';
import type { Workflows } from './temporal';

export type AnsweredInbound = InboundOutcome | { kind: 'not_started'; fallback: string; language: string; error: unknown };

export async function answerInbound(arrival: Arrival, workflows: Workflows): Promise<AnsweredInbound> {
  const outcome = await admitInbound(arrival);
  if (outcome.kind !== 'admitted') return outcome;
  try {
    await Promise.all([outcome.recorded, workflows.answerCall(outcome.input)]);
    return outcome;
  } catch (error) {
    await releaseUnconfirmedCall(outcome.input.organizationId, outcome.input.callId);
    return { kind: 'not_started', fallback: DEFAULT_FALLBACK, language: outcome.input.language, error };
  }
}
