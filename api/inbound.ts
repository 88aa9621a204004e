/**
 * A call answered for one of an organization's agents, whichever way it came (Twilio's webhook, a
 * simulated test call, the dashboard's browser call): admitted and recorded (domain/inbound.ts),
 * then its workflow started. A workflow that cannot be started leaves the call to the slot reaper,
 * which finds no workflow for it, ends it `failed` and gives its hold back; a caller on a number
 * hears the fallback line, a browser caller gets the error.
 */
import { DEFAULT_FALLBACK, admitBrowserCall, admitInbound, type Answered, type Arrival, type BrowserCaller, type InboundOutcome } from '../domain/inbound';
import { releaseUnconfirmedCall } from '../domain/admission';
import type { CallRecord } from '../models/call';
import type { Workflows } from './temporal';

export type AnsweredInbound = InboundOutcome | { kind: 'not_started'; fallback: string; language: string; error: unknown };

export async function answerInbound(arrival: Arrival, workflows: Workflows): Promise<AnsweredInbound> {
  const outcome = await admitInbound(arrival);
  if (outcome.kind !== 'admitted') return outcome;
  try {
    await startAnswered(outcome, workflows);
    return outcome;
  } catch (error) {
    return { kind: 'not_started', fallback: DEFAULT_FALLBACK, language: outcome.input.language, error };
  }
}

/** A browser call to `caller.agentId`, talking once this answers; null when there is no such phone agent. Refusals are thrown. */
export async function answerBrowserCall(caller: BrowserCaller, workflows: Workflows): Promise<CallRecord | null> {
  const admitted = await admitBrowserCall(caller);
  if (!admitted) return null;
  await startAnswered(admitted, workflows);
  return admitted.call;
}

async function startAnswered({ input, recorded }: Answered, workflows: Workflows): Promise<void> {
  try {
    await Promise.all([recorded, workflows.answerCall(input)]);
  } catch (error) {
    await releaseUnconfirmedCall(input.organizationId, input.callId);
    throw error;
  }
}
