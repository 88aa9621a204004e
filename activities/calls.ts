import { Context } from '@temporalio/activity';
import type { AgentRecord } from '../models/agent';
import type { CallRecord } from '../models/call';
import { CLOSING_LINE, INSUFFICIENT_CREDITS, extendHold, settleCall } from '../domain/admission';
import {
  appendClosingTurn,
  appendTurn,
  callDialSettings,
  callbackIsNextAttempt,
  countStoredReport,
  optOutOfCalls,
  readCallWithAgent,
  recordCallState,
  recordDialIntent,
  recountCallSessionsSoon,
  storeCallReport,
} from '../domain/callProgress';
import { agentById } from '../domain/agents';
import type { DoNotCallKey } from '../domain/contacts';
import { isBrowserCall } from '../domain/inbound';
import { releaseCallSockets } from '../domain/mediaSessions';
import { CarrierRefusedError, type Carrier, type DialVoice } from '../providers/carrier/interface';
import { callLlm, turnsOf } from '../conversation/call';
import { recordedCallback } from '../conversation/callback';
import { transferOf } from '../conversation/callActions';
import { agentProfile, voicemailMessage } from '../conversation/profile';
import type { LlmSource } from '../providers/llm';
import type { Turn } from '../providers/llm/interface';
import { agentDeletedFailure, callWorkflowId, type CallActivities } from '../workflows/definitions';
import { analysisOrFailure } from './analysis';

export interface CallDeps {
  carrier: Carrier;
  llms: LlmSource;
  /** The service's do-not-call key: an opt-out heard in a call is written to the registry under it. */
  doNotCallKey: DoNotCallKey;
}

/** The simulated line's activity reads its call as these do. */

/** The tool turns of a transcript as the report lists them. */
export const toolCallsOf = (turns: Turn[]) =>
  turns.flatMap((t) =>
    t.tool ? [{ name: t.tool.call.name, outcome: t.tool.outcome.ok ? 'ok' : 'error', ...(t.tool.outcome.ok ? {} : { error: t.tool.outcome.error }) }] : [],
  );

/**
 * The callback the person asked for: the last one the `callback` tool recorded. For a campaign
 * recipient, whether it became their next attempt: not once `retryLimit` attempts are made.
 */
async function callbackOf(call: CallRecord, turns: Turn[]) {
  const recorded = recordedCallback(turns);
  if (!recorded) return undefined;
  const { at, timezone } = recorded;
  if (!call.campaignId) return { at, timezone };
  const scheduled = await callbackIsNextAttempt(call);
  return { at, timezone, nextAttempt: scheduled ? ('scheduled' as const) : ('retry_limit_reached' as const) };
}

async function loadCall(callId: string): Promise<{ call: CallRecord; agent: AgentRecord; turns: Turn[] }> {
  const { call, agent, stored } = await readCallWithAgent(callId);
  if (!agent) throw new Error(`agent ${call.agentId} of call ${callId} no longer exists`);
  return { call, agent, turns: turnsOf(stored) };
}

/** The agent's voice as the carrier needs it at dial time: the call's read model is not written yet. */
async function dialVoice(agentId: string, variables: Record<string, string>): Promise<DialVoice | undefined> {
  const agent = await agentById(agentId);
  // Deleted since the call was placed: the carrier's default voice still reaches the callee.
  if (!agent) return undefined;
  const { language, greeting } = agentProfile(agent, variables);
  return { language, greeting, ...(agent.providers?.stt ? { stt: agent.providers.stt } : {}), ...(agent.providers?.tts ? { tts: agent.providers.tts } : {}) };
}

/** How long a dial waits on writing its call's `created` state before leaving it to the workflow. */
const DIAL_RECORD_WAIT_MS = 5_000;
/** The time between the attempt's start and our first line, and between the write and its answer. */
const DIAL_SLACK_MS = 1_000;

/**
 * A dial starts only if it can answer, and its call be written, before the attempt times out: an
 * attempt that timed out mid-dial would be retried while the carrier still places the first call.
 * The retry that this throws for starts with the whole attempt ahead of it.
 */
function ensureTimeToDial(startedAt: number, carrier: Carrier): void {
  const left = Context.current().info.startToCloseTimeoutMs - (Date.now() - startedAt);
  const needed = carrier.dialTimeoutMs + DIAL_RECORD_WAIT_MS + DIAL_SLACK_MS;
  if (left < needed) throw new Error(`Not dialled: ${left} ms of this attempt left, a dial and its write need ${needed} ms.`);
}

/** The call workflow's activities; their signatures are the workflow's own (workflows/definitions). */
export function callActivities({ carrier, llms, doNotCallKey }: CallDeps) {
  return {
    async dial({ callId, to, agentId, variables, byok, created, holdFirstMinute }) {
      const startedAt = Date.now();
      // Beside the read of the agent's voice: the admission's last step, the first minute's hold (no
      // minute left, nothing dialled), and the intent on record before a carrier that would place
      // a second call is asked.
      const [voice, held, intent] = await Promise.all([
        dialVoice(agentId, variables),
        holdFirstMinute ? extendHold(holdFirstMinute.organizationId, `call:${callId}`, 1) : true,
        carrier.dialIsIdempotent ? undefined : recordDialIntent(callId),
      ]);
      if (!held) return { refused: { kind: 'insufficient_credits', message: INSUFFICIENT_CREDITS } };
      ensureTimeToDial(startedAt, carrier);
      // A retry (a lost worker, an unanswered request) adopts the call an earlier attempt placed.
      let carrierCallId = intent?.retry ? await carrier.findCall({ callId, to, since: intent.at }) : null;
      if (carrierCallId === null) {
        try {
          ({ carrierCallId } = await carrier.dial({ callId, to, callWorkflowId: callWorkflowId(callId), byok, ...(voice ? { voice } : {}) }));
        } catch (err) {
          // A refusal is an answer, not a failure to retry; an unknown outcome is retried, and the retry looks first.
          if (err instanceof CarrierRefusedError) return { refused: { kind: err.kind, message: err.message } };
          throw err;
        }
      }
      // The carrier has the call: from here nothing may fail this activity, whose retry would dial
      // again. A write that fails or keeps us waiting is left to the workflow.
      let timer: NodeJS.Timeout | undefined;
      const recorded = await Promise.race([
        recordCallState({ callId, seq: created.seq, fields: { ...created.fields, carrierCallId } }).then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => (timer = setTimeout(resolve, DIAL_RECORD_WAIT_MS, false))),
      ]);
      clearTimeout(timer);
      return { carrierCallId, recorded };
    },

    async carrierHangup({ carrierCallId }) {
      // A browser call's line is its socket, which ends itself once the call is completed.
      if (!isBrowserCall(carrierCallId)) await carrier.hangup(carrierCallId);
    },

    projectCall: recordCallState,

    /**
     * After the call: charge (or record byok minutes) and release its hold once, free the slot once
     * and its sockets' places, have the agent's sessions recounted. Safe to repeat.
     */
    async settleCall(input) {
      const { organizationId, callId, chargedMinutes, byok, heldMinutes } = input;
      await Promise.all([
        settleCall({ organizationId, callId, chargedMinutes, byok, ...(heldMinutes !== undefined ? { heldMinutes } : {}) }),
        releaseCallSockets(callId),
      ]);
      recountCallSessionsSoon(input.organizationId, input.agentId);
    },

    extendHold: ({ organizationId, callId, minute }) => extendHold(organizationId, `call:${callId}`, minute),

    async closeCall({ callId, carrierCallId }) {
      const { agent, call } = await readCallWithAgent(callId);
      const language = agent ? agentProfile(agent, call.variables ?? {}).language : 'en';
      await appendClosingTurn(callId, CLOSING_LINE);
      if (carrier.say && !isBrowserCall(carrierCallId)) await carrier.say(carrierCallId, CLOSING_LINE, language);
    },

    async leaveVoicemail({ callId }) {
      const { agent, call } = await loadCall(callId);
      const profile = agentProfile(agent, call.variables ?? {});
      const text = voicemailMessage(profile);
      // The message is the recording's only turn: a retry lands on the same index.
      await appendTurn(callId, 0, { role: 'agent', text }, 'agent');
      if (carrier.leaveMessage && call.carrierCallId) await carrier.leaveMessage(call.carrierCallId, text, profile.language);
    },

    async transferCall({ callId, carrierCallId, to, mode, summary }) {
      if (!carrier.transfer || isBrowserCall(carrierCallId))
        return { outcome: 'failed', reason: 'failed', message: 'this call cannot be transferred: its line has no phone network behind it' };
      const { agent, call } = await readCallWithAgent(callId);
      const language = agent ? agentProfile(agent, call.variables ?? {}).language : 'en';
      try {
        return await carrier.transfer({ callId, carrierCallId, to, mode, summary, language, byok: call.byok === true });
      } catch (err) {
        // The call goes on with the agent, who tells the caller: a carrier's error is a failed dial to them.
        return {
          outcome: 'failed',
          reason: 'failed',
          message: `the carrier could not transfer the call (${err instanceof Error ? err.message : String(err)})`,
        };
      }
    },

    async sendDigits({ callId, carrierCallId, digits }) {
      if (!carrier.sendDigits || isBrowserCall(carrierCallId)) throw new Error('this call cannot send keys: its line has no phone network behind it');
      const call = await callDialSettings(callId);
      const voice = call && (await dialVoice(String(call.agentId), call.variables ?? {}));
      await carrier.sendDigits({ callId, carrierCallId, digits, byok: call?.byok === true, ...(voice ? { voice } : {}) });
    },

    /**
     * The report: one per call, derived by the LLM provider from the stored transcript. A person who
     * asked not to be called again has their number made do-not-call before the report exists, so
     * a report that says `optOut` is never ahead of the suppression.
     */
    async analyzeCall({ callId, disposition }) {
      const { call, agent, stored } = await readCallWithAgent(callId);
      // Read from the call, by id: a search of the reports by callId would scan them on FerretDB.
      if (call.reportId) return { reportId: String(call.reportId) };
      // Deleted since the call ended: no retry brings it back, and the workflow records that the call has no report.
      if (!agent) throw agentDeletedFailure(`agent ${call.agentId} of call ${callId} was deleted before the call's report was written`);
      const reportId = await writeReport(call, agent, turnsOf(stored), disposition);
      // Counted here, where an attempt that wrote the report before failing comes back to.
      await countStoredReport(call, reportId);
      return { reportId };
    },
  } satisfies CallActivities;

  /** The report of a finished call, the person's opt-out applied first: its id, whichever attempt wrote it. */
  async function writeReport(call: CallRecord, agent: AgentRecord, turns: Turn[], disposition: string): Promise<string> {
    const analysis = await analysisOrFailure(async () => (await callLlm(llms, call, agent)).analyzeCall(agentProfile(agent, call.variables ?? {}), turns));
    if ('optOut' in analysis && analysis.optOut) await optOutOfCalls(doNotCallKey, call);
    return storeCallReport(call, {
      disposition,
      ...analysis,
      toolCalls: toolCallsOf(turns),
      callback: await callbackOf(call, turns),
      transfer: transferOf(turns, agent.tools),
    });
  }
}
