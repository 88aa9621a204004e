/**
 * The candidate's voice: a WebSocket at `/candidate/v1/interviews/{id}/audio` on which the hosted
 * page and the embed frame stream the microphone (PCM16 LE mono 16 kHz, 20 ms frames) and play the
 * agent's audio, through a media session (conversation/mediaSession.ts) whose conversation is the
 * interview's (conversation/interview.ts). The protocol is in docs/interviews.md ("The candidate's audio socket").
 */
import { ProviderFailure } from '../providers/errors';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Client } from '@temporalio/client';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Config } from '../config';
import type { TurnTiming } from '../conversation/agentTurn';
import { InterviewConversation, type TranscriptEvent } from '../conversation/interview';
import { toolDepsOf } from '../conversation/tools';
import { MediaSession } from '../conversation/mediaSession';
import { TurnLease } from '../conversation/turnLease';
import { interviewLlm } from '../conversation/profile';
import { turnTakingOf } from '../conversation/turnSettings';
import type { SessionEnd } from '../conversation/transport';
import { FRAME_MS, PIPELINE_SAMPLE_RATE } from '../lib/audio';
import { admitInterviewStart } from '../domain/admission';
import { agentById } from '../domain/agents';
import { interviewById } from '../domain/interviewRecords';
import { interviewEnd, interviewIsOver } from '../domain/mediaSessions';
import { missingByokKinds } from '../domain/providerCredentials';
import type { AgentRecord } from '../models/agent';
import type { InterviewRecord } from '../models/interview';
import { createRateLimiter } from '../models/rateTicket';
import type { LlmSource } from '../providers/llm';
import type { SpeechSource } from '../providers/speechSource';
import { ApiError, byokNotReady, invalidStateTransition, notFound, providerUnavailable, serverRestarting } from './errors';
import { CANDIDATE_RATE_LIMIT, verifyCandidate } from './middleware/candidateAuth';
import { takeRateLimit } from './middleware/rateLimit';
import { CANDIDATE_PREFIX } from './routes/candidate';
import { Workflows } from './temporal';
import { BrowserAudioSession, refusal, type WaitingSockets } from './audioSocket';
import { clientAddress, type SocketRoute } from './upgrade';

export interface CandidateAudioDeps {
  config: Config;
  temporal: Client;
  llms: LlmSource;
  speech: SpeechSource;
  /** Each agent turn's stage times, once its first frame is sent (benchmarks, metrics). */
  onTurnTiming?: (interviewId: string, timing: TurnTiming) => void;
}

/** 100 ms of audio (VOICE_MAX_FRAME_MS' default) is 3,200 bytes and a control message far less: anything much larger is not the protocol. */
const MAX_MESSAGE_BYTES = 16 * 1024;
/** How often a live session checks whether its interview ended elsewhere (an operator, its maximum duration, the text box's End). */
const WATCH_MS = 3_000;
/** How long a session that ended its interview waits for the report id it tells the candidate. */
const OUTCOME_WAIT_MS = 10_000;

/** The state of one process: the live session of each interview (a newer socket takes over). */
interface Shared {
  deps: CandidateAudioDeps;
  workflows: Workflows;
  limiter: ReturnType<typeof createRateLimiter>;
  ownOrigin: string;
  live: Map<string, AudioSession>;
  /** Every open socket's session, admitted or not: what a shutdown closes. */
  open: Set<AudioSession>;
  /** Per client address, its sockets whose token is not verified yet (config.unauthenticatedSockets). */
  unauthenticated: WaitingSockets;
}

export function candidateAudio(deps: CandidateAudioDeps): SocketRoute {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const shared: Shared = {
    deps,
    workflows: new Workflows(deps.temporal, deps.config),
    limiter: createRateLimiter(),
    ownOrigin: new URL(deps.config.publicBaseUrl).origin,
    live: new Map(),
    open: new Set(),
    unauthenticated: new Map(),
  };
  return {
    path: new RegExp(`^${CANDIDATE_PREFIX}/interviews/([^/]+)/audio$`),
    // No credential travels in the handshake (it would land in URLs and logs): the first message carries it.
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer, match: RegExpExecArray) =>
      sockets.handleUpgrade(req, socket, head, (ws) =>
        new AudioSession(ws, match[1]!, req.headers.origin, clientAddress(req, deps.config.trustProxyHops), shared).listen(),
      ),
    // The interviews stay active: their candidates reconnect, through the proxy, to another process.
    shutdown: () => Promise.all([...shared.open].map((session) => session.restarting())).then(() => undefined),
  };
}

/** One candidate's socket: waiting for its start message, admitted, then live until the media session ends. */
class AudioSession extends BrowserAudioSession {
  private conversation: InterviewConversation | undefined;
  private lease: TurnLease | undefined;
  /** Ended from outside the media session: the candidate's end message, a newer socket, the interview ending elsewhere, this process stopping. */
  private endedBy: 'candidate' | 'replaced' | 'elsewhere' | 'restarting' | undefined;
  /** Why the interview's start failed (a refusal, a timeout), told the candidate as a refusal at admission would be. */
  private startRefused: unknown;

  constructor(
    ws: WebSocket,
    private readonly interviewId: string,
    private readonly origin: string | undefined,
    private readonly address: string,
    private readonly shared: Shared,
  ) {
    super(ws, 'interview token');
  }

  protected endedByBrowser(): void {
    this.endedBy ??= 'candidate';
  }

  listen(): void {
    this.shared.open.add(this);
    this.ws.on('message', (data: RawData, isBinary: boolean) => this.receive(data, isBinary));
    this.ws.on('close', () => {
      this.shared.open.delete(this);
      this.authenticated();
      for (const timer of this.timers) clearTimeout(timer);
      // The interview stays active: the candidate may come back, and it still ends at its maximum duration.
      if (this.media) this.media.transportClosed();
      else this.phase = 'over';
    });
    // An oversized message: ws closes the socket itself (1009).
    this.ws.on('error', () => undefined);
    this.awaitToken(this.shared.unauthenticated, this.address, this.shared.deps.config.unauthenticatedSockets);
  }

  protected async admit(token: string): Promise<void> {
    const { deps, workflows, limiter, ownOrigin } = this.shared;
    const id = this.interviewId;
    await verifyCandidate({ token, interviewId: id, origin: this.origin }, ownOrigin);
    this.authenticated();
    await takeRateLimit(limiter, `candidate:${id}`, CANDIDATE_RATE_LIMIT);
    const interview = await interviewById(id);
    if (!interview) throw notFound('interview', 'path.id');
    if (interview.status === 'completed') throw invalidStateTransition('This interview is over.');
    if (interview.mode !== 'voice') throw invalidStateTransition('This is a text interview: send messages instead.');
    const agent = await agentById(interview.agentId);
    // Deleted before the candidate started: the start has the workflow end the interview without
    // starting (`agent_deleted`), and is refused as a text start is.
    if (!agent && interview.status === 'created') await workflows.startInterview(id);
    if (!agent) throw notFound('interview', 'path.id');
    // Refused before `ready`: a candidate is never let talk into a minute nobody holds.
    if (interview.status === 'created') await admitInterviewStart(interview);
    const { stt, tts, llm } = await this.engines(interview, agent);
    if (this.phase !== 'admitting') return;
    await this.takeOver();
    // Refused while taking over (this process stopping): nothing to start.
    if (this.phase !== 'admitting') return;
    const lease = new TurnLease(
      {
        reserve: (candidate) => workflows.reserveVoiceTurn(id, candidate),
        more: async (heldIndex) => (await workflows.moreVoiceTurn(id, heldIndex)).index,
        renew: (heldIndex) => workflows.renewVoiceTurn(id, heldIndex),
        done: (agentIndex, ended) => workflows.voiceTurnDone(id, { agentIndex, ended }),
      },
      { renewEveryMs: (deps.config.interviews.turnLeaseSeconds * 1000) / 3, maxHoldMs: deps.config.interviews.turnTimeoutSeconds * 1000 },
    );
    this.lease = lease;
    const conversation = new InterviewConversation(interview, agent, {
      llm,
      workflow: lease,
      tools: toolDepsOf(deps.config),
      onTranscript: (event: TranscriptEvent) => this.send(event),
    });
    this.conversation = conversation;
    this.media = new MediaSession({
      conversation,
      stt,
      tts,
      transport: this,
      settings: deps.config.voice,
      turnTaking: turnTakingOf(agent),
      sampleRate: PIPELINE_SAMPLE_RATE,
      language: interview.language,
      onPartial: (text) => this.send({ type: 'partial', text }),
      onTurnTiming: deps.onTurnTiming && ((timing) => deps.onTurnTiming!(id, timing)),
    });
    this.phase = 'live';
    void this.media.ended.then((end) => this.finish(end));
    this.timers.push(setInterval(() => void this.watch(), WATCH_MS));
    this.send({ type: 'ready', sampleRate: PIPELINE_SAMPLE_RATE, frameMs: FRAME_MS });
    // Heard from `ready` on: what the candidate says while the opening is produced is their turn after it.
    await this.media.start(async () => {
      try {
        if (interview.status === 'created') await workflows.startInterview(id);
        await conversation.load();
      } catch (err) {
        this.startRefused = err;
        throw err;
      }
    });
  }

  /** The session's STT, TTS and model: for a byok interview only the organization's own, or BYOK_NOT_READY. */
  private async engines(interview: InterviewRecord, agent: AgentRecord) {
    const { speech, llms } = this.shared.deps;
    const organizationId = String(interview.organizationId);
    try {
      const [voice, llm] = await Promise.all([
        speech.forSession({
          organizationId,
          byok: interview.byok === true,
          stt: agent.providers?.stt ?? speech.stt.defaultProvider,
          tts: agent.providers?.tts ?? speech.tts.defaultProvider,
        }),
        interviewLlm(llms, interview, agent),
      ]);
      return { ...voice, llm };
    } catch (err) {
      if (!(err instanceof ProviderFailure)) throw err;
      if (err.type === 'byok_credentials_missing') throw byokNotReady(await missingByokKinds(organizationId));
      throw providerUnavailable(err.message);
    }
  }

  /** One live session per interview in this process: a newer socket (a reloaded page) ends the older one. */
  private async takeOver(): Promise<void> {
    const { live } = this.shared;
    const previous = live.get(this.interviewId);
    live.set(this.interviewId, this);
    if (previous) await previous.replaced();
  }

  private async replaced(): Promise<void> {
    this.endedBy = 'replaced';
    if (!this.media) return this.refuse(invalidStateTransition('This interview was opened on another connection.'));
    this.media.end('ended_by_host');
    await this.media.ended;
  }

  /** This process is stopping: the session ends as a replaced one does, the candidate told to reconnect (4503). */
  async restarting(): Promise<void> {
    this.endedBy ??= 'restarting';
    if (!this.media) return this.refuse(serverRestarting());
    this.media.end('ended_by_host');
    await this.media.ended;
  }

  /**
   * The interview ended without this session (an operator, its maximum duration, an End from the
   * text box). Not the agent's own goodbye, which completes the interview while it is still playing:
   * ending the session then would cut it, and store it cut.
   */
  private async watch(): Promise<void> {
    // `closing` is read after the interview's state: a goodbye stored while that read was in flight
    // sets it before the read can see the interview completed.
    if (!(await interviewIsOver(this.interviewId)) || !this.media || this.conversation?.closing) return;
    this.endedBy ??= 'elsewhere';
    this.media.end('ended_by_host');
  }

  private async finish(end: SessionEnd): Promise<void> {
    this.phase = 'over';
    for (const timer of this.timers) clearTimeout(timer);
    this.lease?.stop();
    if (this.shared.live.get(this.interviewId) === this) this.shared.live.delete(this.interviewId);
    if (end.detail)
      console.warn(JSON.stringify({ level: 'warn', msg: 'voice session ended', interviewId: this.interviewId, reason: end.reason, detail: end.detail }));
    if (end.reason === 'transport_closed') return;
    if (this.startRefused) return this.refuse(this.startRefused);
    if (this.endedBy === 'replaced') return this.refuse(invalidStateTransition('This interview was opened on another connection.'), 'SESSION_REPLACED');
    if (this.endedBy === 'restarting') return this.refuse(serverRestarting());
    let outcome: { reason: string; reportId?: string };
    try {
      outcome = await this.outcome(end);
    } catch (err) {
      console.error(
        JSON.stringify({ level: 'error', msg: 'voice session could not end its interview', interviewId: this.interviewId, error: (err as Error).message }),
      );
      outcome = { reason: end.reason };
    }
    this.send({ type: 'ended', ...outcome });
    this.ws.close(1000);
  }

  /**
   * What the session's end did to the interview: the candidate's end, their silence and the agent's
   * goodbye end it (with its report); the interview's own end is reported as it ended; any other
   * reason (a failure, a bad frame) leaves it active, and the candidate may reconnect.
   */
  private async outcome(end: SessionEnd): Promise<{ reason: string; reportId?: string }> {
    const { workflows } = this.shared;
    const id = this.interviewId;
    const ends = async (reason: string, tell: () => Promise<{ reportId: string | null }>) => {
      const told = await tell().catch((err: unknown) => {
        // Already completed another way (a refusal): report how it ended.
        if (err instanceof ApiError && err.status === 409) return null;
        throw err;
      });
      return told?.reportId ? { reason, reportId: told.reportId } : this.completed();
    };
    if (end.reason === 'agent_ended') return ends('agent_ended', async () => ({ reportId: this.conversation?.reportId ?? null }));
    if (end.reason === 'silence') return ends('candidate_silent', () => workflows.candidateSilent(id));
    if (this.endedBy === 'candidate') return ends('candidate_ended', () => workflows.endInterview(id));
    if (this.endedBy === 'elsewhere') return this.completed();
    return { reason: end.reason };
  }

  /** The interview's end as its read model records it, once it has one. */
  private async completed(): Promise<{ reason: string; reportId?: string }> {
    const deadline = Date.now() + OUTCOME_WAIT_MS;
    for (;;) {
      const end = await interviewEnd(this.interviewId);
      if (end) return end;
      if (Date.now() > deadline) throw new Error('the interview did not record its end in time');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  protected refuse(err: unknown, code?: string): void {
    const { close, code: errorCode, message } = refusal(err);
    if (close === 1011)
      console.error(JSON.stringify({ level: 'error', msg: 'voice socket failed', interviewId: this.interviewId, error: (err as Error).message }));
    this.phase = 'over';
    this.send({ type: 'error', code: code ?? errorCode, message });
    this.ws.close(close);
  }
}
