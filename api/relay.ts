import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Client } from '@temporalio/client';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { CallConversation, callLlm, type LlmFor } from '../conversation/call';
import type { Config } from '../config';
import type { LlmSource } from '../providers/llm';
import { TWILIO_PREFIX, twilioUrls } from '../providers/carrier/twilio';
import { claimSlot, releaseSlot } from '../models/slot';
import { notFound, sessionInProgress } from './errors';
import { verifyTwilioSignature } from './routes/twilio';
import { refuseUpgrade, type SocketRoute } from './upgrade';
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

/**
 * One relay session per call, across API processes: a slot of a one-slot pool named after the call,
 * taken at the handshake and freed when the socket closes. A second socket is refused (409
 * `SESSION_IN_PROGRESS`) rather than taking over: Twilio opens one per call, and the handshake's
 * signature covers only the URL, so a second socket can only be a replay, which must not cut the
 * callee's conversation off. (The candidate audio socket does the opposite: a reloaded page is the
 * same candidate coming back.) A slot left by a process that died goes with nothing: the call ends
 * by Twilio's callbacks all the same.
 */
const relayPool = (callId: string) => `relay:${callId}`;

/** Each call's LLM chosen as the worker's activities choose it: the agent's vendor, byok keys included. */
export function agentLlm(llms: LlmSource): LlmFor {
  return (call, agent) => callLlm(llms, call, agent);
}

/**
 * Serves Twilio ConversationRelay on the API's own HTTP server (through api/sockets.ts): a
 * WebSocket per answered call at `/carrier/twilio/relay/{callId}`. The handshake is refused before
 * the upgrade, with the API's error envelope, unless Twilio signed it and the call is still on.
 */
export function twilioRelay(deps: RelayDeps): SocketRoute {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_RELAY_MESSAGE_BYTES });
  const workflows = new Workflows(deps.temporal, deps.config);
  return {
    path: new RegExp(`^${TWILIO_PREFIX}/relay/([0-9a-f]{24})$`),
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer, match: RegExpExecArray) => {
      const callId = match[1]!;
      const holder = randomUUID();
      const free = () => releaseSlot(relayPool(callId), holder).catch(() => undefined);
      admit(callId, holder, req, deps).then(
        (conversation) =>
          sockets.handleUpgrade(req, socket, head, (ws) => {
            ws.on('close', () => void free());
            new RelaySession(ws, conversation, workflows).listen();
          }),
        (err: unknown) => {
          void free();
          refuseUpgrade(socket, err, 'relay handshake');
        },
      );
    },
  };
}

async function admit(callId: string, holder: string, req: IncomingMessage, deps: RelayDeps): Promise<CallConversation> {
  // The signature first, so that nobody but Twilio learns which calls exist.
  const signature = req.headers['x-twilio-signature'];
  verifyTwilioSignature(deps.config, typeof signature === 'string' ? signature : undefined, twilioUrls(deps.config.publicBaseUrl, callId).relay, {});
  const conversation = await CallConversation.open(callId, deps.llmFor);
  if (!conversation) throw notFound('call in progress', 'path.id');
  if ((await claimSlot(relayPool(callId), holder, 1)) === null) throw sessionInProgress();
  return conversation;
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
      const message = parse(data);
      if (!message) return;
      if (message.type === 'interrupt' && this.streaming) this.bargedIn = true;
      this.queue = this.queue.then(() => this.handle(message)).catch((err: unknown) => this.fail(err));
    });
    // The callee hung up: a reply still streaming has nobody left to hear it.
    this.ws.on('close', () => {
      this.ended = true;
    });
    // An oversized message: ws closes the socket itself (1009); unhandled, the error would end the process.
    this.ws.on('error', () => undefined);
  }

  private async handle(message: RelayMessage): Promise<void> {
    if (this.ended) return;
    switch (message.type) {
      case 'setup':
        if (!(await this.conversation.greeted())) await this.agentTurn();
        return;
      case 'prompt':
        // Without partialPrompts Twilio sends each utterance whole, with `last` set.
        if (!message.last || !message.voicePrompt.trim()) return;
        await this.conversation.contactSaid(message.voicePrompt.trim());
        return this.agentTurn();
      case 'dtmf':
        await this.conversation.contactSaid(`[DTMF ${message.digit}]`);
        return this.agentTurn();
      case 'interrupt':
        return this.conversation.interrupted(message.utteranceUntilInterrupt ?? '');
      case 'error':
        // Twilio could not use something we sent; the session goes on, and operators should know.
        console.warn(JSON.stringify({ level: 'warn', msg: 'ConversationRelay reported an error', callId: String(this.conversation.call._id), description: message.description }));
        return;
    }
  }

  private async agentTurn(): Promise<void> {
    this.streaming = true;
    this.bargedIn = false;
    let result: { done: boolean };
    try {
      result = await this.conversation.reply(
        (token) => this.send({ type: 'text', token, last: false }),
        () => this.bargedIn || this.ended,
      );
    } finally {
      this.streaming = false;
    }
    if (this.ended) return;
    this.send({ type: 'text', token: '', last: true });
    if (result.done) {
      // The workflow hears it first, so Twilio's `completed` callback cannot overtake it.
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
   * `failed` rather than as a callee who hung up, and closing the session makes Twilio hang up.
   */
  private fail(err: unknown): void {
    this.ended = true;
    const callId = String(this.conversation.call._id);
    const reason = `the agent's turn failed: ${(err as Error).message}`;
    this.workflows
      .sendCarrierEvents(callId, [{ type: 'failed', reason }])
      // Not delivered in time: the workflow hears Twilio's own callbacks once the session closes.
      .catch(() => undefined)
      .finally(() => this.ws.close(1011, 'internal error'));
    console.error(JSON.stringify({ level: 'error', msg: 'relay session failed', callId, error: reason }));
  }
}

function parse(data: RawData): RelayMessage | undefined {
  try {
    const message = JSON.parse(data.toString()) as RelayMessage;
    return typeof message?.type === 'string' ? message : undefined;
  } catch {
    // Not JSON: not from ConversationRelay, nothing to act on.
    return undefined;
  }
}
