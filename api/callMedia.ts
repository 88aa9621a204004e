/**
 * What every socket carrying a call's audio starts with and ends on: Twilio's Media Streams, the
 * simulated line's, the dashboard's browser call. The call's conversation (conversation/call.ts),
 * its speech engines and recorder, a media session over whatever transport the socket is, and
 * what the call's workflow is told when that session ends.
 */
import { ProviderFailure } from '../providers/errors';
import type { Client } from '@temporalio/client';
import type { Config } from '../config';
import type { TurnTiming } from '../conversation/agentTurn';
import { CallConversation, type LlmFor } from '../conversation/call';
import { callWorkflowActions } from '../conversation/callActions';
import { answerScreenFor } from '../conversation/machineDetection';
import { MediaSession } from '../conversation/mediaSession';
import { callRecorder } from '../conversation/recorder';
import { toolDepsOf } from '../conversation/tools';
import { turnTakingOf } from '../conversation/turnSettings';
import type { SessionEnd, Transport } from '../conversation/transport';
import { agentById } from '../domain/agents';
import { isBrowserCall } from '../domain/inbound';
import { missingByokKinds } from '../domain/providerCredentials';
import { PIPELINE_SAMPLE_RATE } from '../lib/audio';
import type { SpeechSource } from '../providers/speechSource';
import type { CarrierEvent } from '../workflows/definitions';
import { byokNotReady, notFound, providerUnavailable } from './errors';
import type { Workflows } from './temporal';

export interface CallMediaDeps {
  config: Config;
  temporal: Client;
  llmFor: LlmFor;
  speech: SpeechSource;
  /** Each agent turn's stage times once it has played (the latency benchmark's figures). */
  onTurnTiming?: (callId: string, timing: TurnTiming) => void;
}

export interface CallMedia {
  conversation: CallConversation;
  /** The call's media session over `transport`; `onPartial` hears the caller's words as they are recognized. */
  media: (transport: Transport, onPartial?: (text: string) => void) => MediaSession;
}

/**
 * The call in progress under `callId` with its speech engines, or an ApiError refusing the socket;
 * `claim` takes the call's one session once the call is known to be on.
 */
export async function openCallMedia(callId: string, claim: () => Promise<void>, deps: CallMediaDeps, workflows: Workflows): Promise<CallMedia> {
  const { config, speech } = deps;
  const conversation = await CallConversation.open(callId, deps.llmFor, toolDepsOf(config));
  const agent = conversation && (await agentById(conversation.call.agentId));
  if (!conversation || !agent) throw notFound('call in progress', 'path.id');
  await claim();
  const { call } = conversation;
  let engines: Awaited<ReturnType<SpeechSource['forSession']>>;
  try {
    // A byok call runs only on the organization's own verified credentials, whatever the agent names.
    engines = await speech.forSession({
      organizationId: String(call.organizationId),
      byok: call.byok === true,
      stt: agent.providers?.stt ?? speech.stt.defaultProvider,
      tts: agent.providers?.tts ?? speech.tts.defaultProvider,
    });
  } catch (err) {
    if (!(err instanceof ProviderFailure)) throw err;
    // Nobody could hear or speak on this call: it ends as failed, and the refusal ends the line.
    await workflows.sendCarrierEvents(callId, [{ type: 'failed', reason: `the call's speech could not start: ${err.message}` }]).catch(() => undefined);
    if (err.type === 'byok_credentials_missing') throw byokNotReady(await missingByokKinds(call.organizationId));
    throw providerUnavailable(err.message);
  }
  const answering = await answerScreenFor(call, agent, PIPELINE_SAMPLE_RATE);
  let session: MediaSession | undefined;
  // A phone line's call can be handed to a person and press keys; a browser's has no network behind it.
  if (call.carrierCallId && !isBrowserCall(call.carrierCallId)) {
    const actions = callWorkflowActions(deps.temporal.workflow, callId);
    // The hand-off line is heard before the call moves: a transfer cuts the stream it is played on.
    const transfer: typeof actions.transfer = async (ask) => {
      await session?.heardSoFar();
      return actions.transfer(ask);
    };
    conversation.offerCallActions({ ...actions, transfer }, () => session?.end('handed_off'));
  }
  return {
    conversation,
    media: (transport, onPartial) => {
      // Made as the audio starts, since the recording's timeline begins when the recorder does.
      const recorder = callRecorder(call, agent, {
        sampleRate: PIPELINE_SAMPLE_RATE,
        onError: (err) => console.warn(JSON.stringify({ level: 'warn', msg: 'call recording not stored', callId, error: (err as Error).message })),
      });
      session = new MediaSession({
        conversation,
        ...engines,
        transport,
        settings: config.voice,
        turnTaking: turnTakingOf(agent),
        sampleRate: PIPELINE_SAMPLE_RATE,
        language: call.language,
        actions: conversation.actions,
        ...(recorder ? { recorder } : {}),
        ...(answering ? { answering } : {}),
        ...(onPartial ? { onPartial } : {}),
        onTurnTiming: deps.onTurnTiming && ((timing) => deps.onTurnTiming!(callId, timing)),
      });
      return session;
    },
  };
}

/**
 * What the workflow hears of a media session's end: the agent's goodbye (or its hanging up on a
 * silent line) as the agent ending the call, with the callback the person asked for, if any (a
 * campaign's next attempt); `hostEnded` and `closed`, what an end from outside the session and a
 * closed transport mean on this line; nothing after a hand-off, which the workflow ended the call
 * on (`transferred`) itself; any other end as the call failing.
 */
export function callEndEvent(
  end: SessionEnd,
  hostEnded: CarrierEvent | undefined,
  closed: CarrierEvent | undefined,
  callbackAt?: string,
): CarrierEvent | undefined {
  switch (end.reason) {
    case 'agent_ended':
    case 'silence':
      return { type: 'ended', by: 'agent', ...(callbackAt ? { callbackAt } : {}) };
    case 'voicemail':
    case 'phone_menu':
      return { type: 'ended', by: 'agent', machine: end.reason };
    case 'transport_closed':
      return closed;
    case 'ended_by_host':
      return hostEnded;
    case 'handed_off':
      return undefined;
    default:
      return { type: 'failed', reason: `the call's voice session ended: ${end.reason}${end.detail ? ` (${end.detail})` : ''}` };
  }
}

/** Tells the call's workflow how its media session ended, if it is to be told; a failure is logged, since the line's own end follows. */
export async function reportCallEnd(workflows: Workflows, callId: string, end: SessionEnd, event: CarrierEvent | undefined): Promise<void> {
  if (end.detail) console.warn(JSON.stringify({ level: 'warn', msg: 'call media session ended', callId, reason: end.reason, detail: end.detail }));
  if (!event) return;
  await workflows.sendCarrierEvents(callId, [event]).catch((err: unknown) => {
    console.error(JSON.stringify({ level: 'error', msg: 'call media session could not report its end', callId, error: (err as Error).message }));
  });
}
