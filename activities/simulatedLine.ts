import { ApplicationFailure, Context } from '@temporalio/activity';
import { Agent } from '../models/agent';
import { Call } from '../models/call';
import { agentProfile } from '../conversation/profile';
import { simulatedCallee, simulatedLineSignature, simulatedMediaUrl } from '../providers/carrier/simulatedMedia';
import { scenarioOf } from '../providers/carrier/testNumbers';
import type { EmbeddedSpeech } from '../providers/speechSource';
import type { SimulatedLineActivities } from '../workflows/definitions';

/** The audio line's ends: where the callee's phone connects, how it signs, and the engines it hears and speaks with. */
export interface AudioLineDeps {
  publicBaseUrl: string;
  /** A secret the API holds too (the do-not-call hash key): the handshake's signature is derived from it. */
  secret: Buffer;
  speech: EmbeddedSpeech;
  /** The server's default speech providers, for agents that name none. */
  defaultStt: string;
  defaultTts: string;
}

export interface SimulatedLineDeps {
  /** Absent where the carrier is not the simulated one. */
  audioLine?: AudioLineDeps;
}

const HEARTBEAT_MS = 1000;
/** How long the callee's phone waits for the call's read model to name the line (the call workflow writes it as the dial is accepted). */
const READ_MODEL_WAIT_MS = 15_000;

async function callOnTheLine(callId: string) {
  const deadline = Date.now() + READ_MODEL_WAIT_MS;
  for (;;) {
    const call = await Call.findById(callId, { agentId: 1, variables: 1, carrierCallId: 1 }).lean();
    if (call?.carrierCallId) return { ...call, carrierCallId: call.carrierCallId };
    if (Date.now() > deadline) throw ApplicationFailure.nonRetryable(`call ${callId} has no carrier call id in its read model after ${READ_MODEL_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The simulated line's audio call; its text-level turns are in activities/calls.ts. */
export function simulatedLineActivities({ audioLine }: SimulatedLineDeps) {
  return {
    async simulatedAudioCall({ callId, phoneNumber }) {
      if (!audioLine) throw ApplicationFailure.nonRetryable('this worker has no simulated carrier to play the audio line');
      const context = Context.current();
      const beat = setInterval(() => context.heartbeat(), HEARTBEAT_MS);
      try {
        const call = await callOnTheLine(callId);
        const agent = await Agent.findById(call.agentId).lean();
        if (!agent) throw ApplicationFailure.nonRetryable(`agent ${call.agentId} of call ${callId} no longer exists`);
        // The callee hears the agent's voice with the engine that reads it, and speaks in the one the agent's ear reads.
        const agentTts = agent.providers?.tts ?? audioLine.defaultTts;
        const agentStt = agent.providers?.stt ?? audioLine.defaultStt;
        const hear = audioLine.speech.stt[agentTts];
        const speak = audioLine.speech.tts[agentStt];
        if (!hear || !speak) {
          const embedded = Object.keys(audioLine.speech.stt).join(', ');
          throw ApplicationFailure.nonRetryable(`the simulated audio line hears and speaks only the embedded voices (${embedded}); this agent's voice is stt ${agentStt}, tts ${agentTts}`);
        }
        const scenario = scenarioOf(phoneNumber);
        const endedBy = await simulatedCallee({
          url: simulatedMediaUrl(audioLine.publicBaseUrl, callId),
          signature: simulatedLineSignature(audioLine.secret, callId),
          callSid: call.carrierCallId,
          profile: agentProfile(agent, call.variables ?? {}),
          seed: phoneNumber,
          hangsUpEarly: scenario === 'hangs_up_early',
          silent: scenario === 'talks_until_max_duration',
          hear,
          speak,
          signal: context.cancellationSignal,
        });
        return { endedBy };
      } finally {
        clearInterval(beat);
      }
    },
  } satisfies Pick<SimulatedLineActivities, 'simulatedAudioCall'>;
}
