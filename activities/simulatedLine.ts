import { setTimeout as sleep } from 'node:timers/promises';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { WorkflowClient } from '@temporalio/client';
import { findAgent } from '../domain/agents';
import { callStatus, readCallWithAgent } from '../domain/callProgress';
import { answeredCall, appendCallTurn } from '../domain/simulatedLine';
import { callLlm, callToolConversation, turnsOf } from '../conversation/call';
import { callZone, recordedCallback } from '../conversation/callback';
import { agentProfile } from '../conversation/profile';
import { MAX_TOOL_ROUNDS, agentToolActions, runToolCalls, toolRoundsAtEnd, toolSpecs, type ToolDeps } from '../conversation/tools';
import { actionSpecs, callWorkflowActions, withCallActions, type CallActions } from '../conversation/callActions';
import type { CallRecord } from '../models/call';
import type { AgentRecord } from '../models/agent';
import { callerReply, contactSpeaksAfter, personaReply } from '../providers/carrier/persona';
import { simulatedCallee, simulatedLineSignature, simulatedMediaUrl } from '../providers/carrier/simulatedMedia';
import { answeringLine } from '../providers/carrier/answeringLines';
import { scenarioOf } from '../providers/carrier/testNumbers';
import type { LlmSource } from '../providers/llm';
import type { LlmProvider, Turn } from '../providers/llm/interface';
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
  /** The agent's side of a text-level call speaks through the agent's LLM. */
  llms: LlmSource;
  /** Absent where the carrier is not the simulated one. */
  audioLine?: AudioLineDeps;
  tools: ToolDeps;
  /** The call workflows, which carry out the conversation's transfers and keys (conversation/callActions.ts). */
  workflows: WorkflowClient;
}

const HEARTBEAT_MS = 1000;
/** Enough turns for any simulated conversation; the line hangs up rather than talk forever. */
const MAX_TURNS = 60;
/** How long the callee's phone waits for the call's read model to name the line (the call workflow writes it as the dial is accepted). */
const READ_MODEL_WAIT_MS = 15_000;

async function callOnTheLine(callId: string) {
  const deadline = Date.now() + READ_MODEL_WAIT_MS;
  for (;;) {
    const call = await answeredCall(callId);
    if (call) return call;
    if (Date.now() > deadline) throw ApplicationFailure.nonRetryable(`call ${callId} has no carrier call id in its read model after ${READ_MODEL_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Keeps the activity's heartbeat going while `work` runs: a worker lost mid-call fails the line within seconds. */
async function heartbeating<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const context = Context.current();
  const beat = setInterval(() => context.heartbeat(), HEARTBEAT_MS);
  try {
    return await work(context.cancellationSignal);
  } finally {
    clearInterval(beat);
  }
}

/** Settles only when the call is ended from our side (the activity's cancellation), by rejecting. */
function untilCancelled(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

type NewTurn = Parameters<typeof appendCallTurn>[2];

/**
 * The agent's move on the text line: what it says, then the tools the model calls, each run and
 * stored as a turn of its own (its Idempotency-Key is the call and the turn's index: the same on a
 * retry), after the wait message of an `async` tool that was slow. `ends` when the model said it
 * was done or hung up with `end_call`; `handedOff` once a transfer connected the caller to a
 * person, whose conversation is not ours.
 */
async function agentMove(
  llm: LlmProvider,
  profile: ReturnType<typeof agentProfile>,
  turns: Turn[],
  context: { call: CallRecord; agent: AgentRecord; tools: ToolDeps; timezone: string; actions: CallActions },
): Promise<{ said: NewTurn[]; ends: boolean; handedOff?: boolean }> {
  const offered = toolRoundsAtEnd(turns) < MAX_TOOL_ROUNDS ? profile : { ...profile, tools: [] };
  const reply = await llm.reply(offered, turns);
  const said: NewTurn[] = reply.text ? [{ role: 'agent', text: reply.text }] : [];
  if (!reply.toolCalls?.length) return { said, ends: reply.done };
  const { call, agent, tools, timezone, actions } = context;
  const callId = String(call._id);
  let handedOff = false;
  const ends = await runToolCalls(reply.toolCalls, {
    actions: withCallActions(agentToolActions(tools, agent.tools, callToolConversation(call, timezone)), agent.tools, actions, () => (handedOff = true)),
    tools: agent.tools,
    nextId: () => `tc_${callId}_${turns.length + said.length}`,
    // Stored as it is said, before the tool answers; the move's own write of it later finds it there.
    waiting: async (message) => {
      const turn = { role: 'agent' as const, text: message };
      await appendCallTurn(callId, turns.length + said.length, turn);
      said.push(turn);
    },
    ran: async (turn) => void said.push(turn),
  });
  return { said, ends, ...(handedOff ? { handedOff } : {}) };
}

/** The simulated line's calls once answered: turn by turn as text, or the callee's phone on the media socket. */
export function simulatedLineActivities({ llms, audioLine, tools, workflows }: SimulatedLineDeps) {
  return {
    /**
     * The whole text-level conversation in one activity, as a carrier's media stream is one
     * connection rather than an exchange per turn: the line costs Temporal one activity per call,
     * not a timer and an activity per turn, and reads its call, agent and transcript once. Each
     * turn is stored as it is spoken, under its index, so an attempt after a lost worker resumes
     * from the stored transcript instead of speaking a turn again.
     */
    simulatedTextCall: ({ callId, phoneNumber, paceMs, inbound }) =>
      heartbeating(async (signal) => {
        const { call, agent, stored } = await readCallWithAgent(callId);
        if (!agent) throw ApplicationFailure.nonRetryable(`agent ${call.agentId} of call ${callId} no longer exists`);
        const timezone = await callZone(call);
        const profile = { ...agentProfile(agent, call.variables ?? {}), tools: [...toolSpecs(agent.tools, { timezone }), ...actionSpecs(agent.tools)] };
        const actions = callWorkflowActions(workflows, callId);
        const llm = await callLlm(llms, call, agent);
        const turns = turnsOf(stored);
        // The callback the person asked for goes with the end, for their campaign's next attempt.
        const endedBy = (by: 'agent' | 'contact') => {
          const callback = recordedCallback(turns);
          return { endedBy: by, ...(callback ? { callbackAt: callback.at } : {}) };
        };
        const said = stored.find((t) => t.ends);
        if (said) return endedBy(said.ends as 'agent' | 'contact');
        const scenario = scenarioOf(phoneNumber);
        while (turns.length < MAX_TURNS) {
          const index = turns.length;
          // After the greeting, the silent callee stays on the line without a word until the call ends it.
          if (index > 0 && scenario === 'talks_until_max_duration') await untilCancelled(signal);
          await sleep(paceMs, undefined, { signal });
          // Our hangup reaches the activity at its next heartbeat; the read model may say so sooner.
          // Our hangup may show in the read model before the activity's cancellation does.
          if ((await callStatus(callId)) === 'completed') return {};
          let said: NewTurn[];
          let ends: 'agent' | 'contact' | undefined;
          let handedOff = false;
          if (!contactSpeaksAfter(turns[index - 1])) {
            const move = await agentMove(llm, profile, turns, { call, agent, tools, timezone, actions });
            said = move.said;
            if (move.ends) ends = 'agent';
            handedOff = move.handedOff === true;
          } else {
            const answer = inbound ? callerReply(turns, phoneNumber) : personaReply(profile, turns, phoneNumber);
            said = [{ role: 'contact', text: answer.text }];
            if (answer.hangUp) ends = 'contact';
          }
          if (scenario === 'hangs_up_early') ends ??= 'contact';
          for (const [i, turn] of said.entries()) await appendCallTurn(callId, index + i, turn, i === said.length - 1 ? ends : undefined);
          turns.push(...said.map(({ role, text, tool }) => ({ role, text, ...(tool ? { tool: { call: tool.call, outcome: tool.outcome } } : {}) })));
          if (ends) return endedBy(ends);
          // The call workflow ends the call as `transferred`: the line has nothing more to report.
          if (handedOff) return {};
        }
        return endedBy('contact');
      }),

    simulatedAudioCall: ({ callId, phoneNumber, inbound }) =>
      heartbeating(async (signal) => {
        if (!audioLine) throw ApplicationFailure.nonRetryable('this worker has no simulated carrier to play the audio line');
        const call = await callOnTheLine(callId);
        const agent = await findAgent(call.organizationId, String(call.agentId));
        if (!agent) throw ApplicationFailure.nonRetryable(`agent ${call.agentId} of call ${callId} no longer exists`);
        // The callee hears the agent's voice with the engine that reads it, and speaks in the one the agent's ear reads.
        const agentTts = agent.providers?.tts ?? audioLine.defaultTts;
        const agentStt = agent.providers?.stt ?? audioLine.defaultStt;
        const hear = audioLine.speech.stt[agentTts];
        const speak = audioLine.speech.tts[agentStt];
        if (!hear || !speak) {
          const embedded = Object.keys(audioLine.speech.stt).join(', ');
          throw ApplicationFailure.nonRetryable(
            `the simulated audio line hears and speaks only the embedded voices (${embedded}); this agent's voice is stt ${agentStt}, tts ${agentTts}`,
          );
        }
        const scenario = scenarioOf(phoneNumber);
        const answering = answeringLine(scenario);
        const endedBy = await simulatedCallee({
          url: simulatedMediaUrl(audioLine.publicBaseUrl, callId),
          signature: simulatedLineSignature(audioLine.secret, callId),
          callSid: call.carrierCallId,
          profile: agentProfile(agent, call.variables ?? {}),
          seed: phoneNumber,
          hangsUpEarly: scenario === 'hangs_up_early',
          silent: scenario === 'talks_until_max_duration' || answering?.silentAfter === true,
          ...(answering && !inbound ? { opening: answering.opening } : {}),
          ...(inbound ? { caller: true } : {}),
          hear,
          speak,
          signal,
        });
        return { endedBy };
      }),
  } satisfies SimulatedLineActivities;
}
