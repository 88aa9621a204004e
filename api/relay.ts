import type { Client } from '@temporalio/client';
import type { RawData, WebSocket } from 'ws';
import { CallConversation, callLlm, type LlmFor } from '../conversation/call';
import type { ReplyTurn } from '../conversation/conversation';
import { toolDepsOf } from '../conversation/tools';
import { agentTimings, observeAgentTurn } from '../conversation/turnTimings';
import type { Config } from '../config';
import type { LlmSource } from '../providers/llm';
import { notFound, permissionDenied } from './errors';
import { twilioMessage, twilioSocket } from './carrierSocket';
import type { SocketRoute } from './upgrade';
import { Workflows } from './temporal';

export interface RelayDeps {
  config: Config;
  temporal: Client;
  llmFor: LlmFor;
}

/** What ConversationRelay sends; fields this service does not use are left out. */
type RelayMessage =
  | { type: 'setup' }
  | { type: 'prompt'; voicePrompt: string; last: boolean }
  | { type: 'interrupt'; utteranceUntilInterrupt: string }
  | { type: 'dtmf'; digit: string }
  | { type: 'error'; description: string };

/**
 * ConversationRelay's messages are JSON lines of one utterance or one event, a few KiB at most; a
 * larger one is not from Twilio, and ws closes its socket (1009) rather than buffer it.
 */
export const MAX_RELAY_MESSAGE_BYTES = 64 * 1024;

/** Each call's LLM chosen as the worker's activities choose it: the agent's vendor, byok keys included. */
export function agentLlm(llms: LlmSource): LlmFor {
  return (call, agent) => callLlm(llms, call, agent);
}

/**
 * Serves Twilio ConversationRelay (through api/sockets.ts) when TWILIO_SPEECH=relay: a WebSocket
 * per answered call of a key without byok at `/carrier/twilio/relay/{callId}`, signed by Twilio
 * and one per call (api/carrierSocket.ts), while the call is still on.
 */
export function twilioRelay(deps: RelayDeps): SocketRoute {
  const workflows = new Workflows(deps.temporal, deps.config);
  return twilioSocket({
    kind: 'relay',
    config: deps.config,
    maxPayload: MAX_RELAY_MESSAGE_BYTES,
    admit: async (callId, claim) => {
      const conversation = await CallConversation.open(callId, deps.llmFor, toolDepsOf(deps.config));
      if (!conversation) throw notFound('call in progress', 'path.id');
      // Twilio's speech would run on the service's account: a byok call's speech goes through Media Streams only.
      if (conversation.call.byok)
        throw permissionDenied("A byok call's speech runs only on the organization's own credentials, never through ConversationRelay.");
      await claim();
      return conversation;
    },
    serve: (ws, conversation) => new RelaySession(ws, conversation, workflows).listen(),
  });
}

/**
 * One ConversationRelay session. Messages are handled one at a time in arrival order, so turns are
 * stored in the order they were said; only a barge-in acts at once, stopping the reply being
 * streamed before its own turn comes to truncate what was stored.
 */
class RelaySession {
  private queue: Promise<void> = Promise.resolve();
  private streaming = false;
  private bargedIn = false;
  private ended = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly conversation: CallConversation,
    private readonly workflows: Workflows,
  ) {}

  listen(): void {
    this.ws.on('message', (data: RawData) => {
      const message = twilioMessage<RelayMessage>(data, 'type');
      if (!message) return;
      if (message.type === 'interrupt' && this.streaming) this.bargedIn = true;
      // A turn's timings start when Twilio delivered it, not when the queue came to it.
      const at = performance.now();
      this.queue = this.queue.then(() => this.handle(message, at)).catch((err: unknown) => this.fail(err));
    });
    // The callee hung up: a reply still streaming has nobody left to hear it.
    this.ws.on('close', () => {
      this.ended = true;
    });
    // An oversized message: ws closes the socket itself (1009); unhandled, the error would end the process.
    this.ws.on('error', () => undefined);
  }

  private async handle(message: RelayMessage, at: number): Promise<void> {
    if (this.ended) return;
    switch (message.type) {
      case 'setup':
        if (!(await this.conversation.greeted())) await this.agentTurn(at);
        return;
      case 'prompt':
        // Without partialPrompts Twilio sends each utterance whole, with `last` set.
        if (!message.last || !message.voicePrompt.trim()) return;
        await this.conversation.contactSaid(message.voicePrompt.trim());
        return this.agentTurn(at);
      case 'dtmf':
        await this.conversation.contactSaid(`[DTMF ${message.digit}]`);
        return this.agentTurn(at);
      case 'interrupt':
        return this.conversation.interrupted(message.utteranceUntilInterrupt ?? '');
      case 'error':
        // Twilio could not use something we sent; the session goes on, and operators should know.
        console.warn(
          JSON.stringify({
            level: 'warn',
            msg: 'ConversationRelay reported an error',
            callId: String(this.conversation.call._id),
            description: message.description,
          }),
        );
        return;
    }
  }

  /**
   * The agent's reply to a turn Twilio delivered at `takenAt`, streamed as text for Twilio to speak.
   * Twilio hears and speaks, so the model's first token is the one stage of the turn's timings a
   * relay session can measure.
   */
  private async agentTurn(takenAt: number): Promise<void> {
    this.streaming = true;
    this.bargedIn = false;
    let result: ReplyTurn;
    let firstTokenAt: number | undefined;
    try {
      result = await this.conversation.reply(
        (token) => {
          firstTokenAt ??= performance.now();
          this.send({ type: 'text', token, last: false });
        },
        () => this.bargedIn || this.ended,
      );
    } finally {
      this.streaming = false;
    }
    await result.stored;
    if (firstTokenAt !== undefined) {
      const timings = agentTimings(takenAt, { firstTokenAt });
      observeAgentTurn(timings);
      await this.conversation.agentTimed(timings);
    }
    if (this.ended) return;
    this.send({ type: 'text', token: '', last: true });
    if (result.done) {
      // The workflow hears it first, so neither Twilio's `completed` callback nor `<Connect>`'s
      // action (which takes a session ended under a live call for lost) can overtake it.
      await this.workflows.sendCarrierEvents(String(this.conversation.call._id), [{ type: 'ended', by: 'agent' }]);
      this.send({ type: 'end' });
      this.ended = true;
    }
  }

  private send(message: Record<string, unknown>): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  /**
   * A turn that could not be produced or stored (the model keeps failing): the call ends as
   * `failed` rather than as a callee who hung up, and closing the session ends `<Connect>`, whose
   * action has Twilio hang up.
   */
  private fail(err: unknown): void {
    this.ended = true;
    const callId = String(this.conversation.call._id);
    const reason = `the agent's turn failed: ${(err as Error).message}`;
    this.workflows
      .sendCarrierEvents(callId, [{ type: 'failed', reason }])
      // Not delivered in time: the workflow hears `<Connect>`'s action (media lost) once the session closes.
      .catch(() => undefined)
      .finally(() => this.ws.close(1011, 'internal error'));
    console.error(JSON.stringify({ level: 'error', msg: 'relay session failed', callId, error: reason }));
  }
}
