import { loadConfig, type VoiceSettings } from '../../config';
import type { Conversation, ReplyHooks, ReplyTurn } from '../../conversation/conversation';
import { replyWithTools } from '../../conversation/toolReply';
import { toolRoundsAtEnd, type ToolActions } from '../../conversation/tools';
import type { AgentTool } from '../../models/agent';
import { MediaSession } from '../../conversation/mediaSession';
import type { AnswerScreen } from '../../conversation/machineDetection';
import type { SessionRecorder } from '../../conversation/recorder';
import type { SessionEnd, Transport } from '../../conversation/transport';
import type { AgentTurnTimings, ContactTurnTimings, TurnTimings } from '../../conversation/turnTimings';
import { Framer, PIPELINE_SAMPLE_RATE, frameBytes } from '../../lib/audio';
import type { AgentProfile, LlmProvider, Turn } from '../../providers/llm/interface';
import { SimulatedLlm } from '../../providers/llm/simulated';
import type { SttProvider } from '../../providers/stt/interface';
import { SimulatedStt } from '../../providers/stt/simulated';
import type { TtsProvider } from '../../providers/tts/interface';
import { SimulatedTts } from '../../providers/tts/simulated';

/**
 * Stand-ins for what surrounds a media session in tests and the voice benchmark: a conversation
 * kept in memory (the transcript a call or interview would store), a transport that records what
 * the session sends, and a caller who speaks through the simulated TTS.
 */
export class MemoryConversation implements Conversation {
  readonly turns: Turn[] = [];
  /** The timings stored with each turn, by its place in `turns`. */
  readonly timings = new Map<number, TurnTimings>();

  constructor(
    private readonly llm: LlmProvider,
    private readonly profile: AgentProfile,
    /** The agent's tools and what their calls do, run as a call's conversation runs them. */
    private readonly tools?: { tools: AgentTool[]; actions: ToolActions },
  ) {}

  /** As a call's: before the contact's first word and once, so it may follow a screener's introduction. */
  opening(): string | undefined {
    const { greeting } = this.profile;
    return greeting && !this.turns.some((t) => t.role === 'contact' || t.text === greeting) ? greeting : undefined;
  }

  async agentSaid(text: string): Promise<void> {
    this.turns.push({ role: 'agent', text });
  }

  async contactSaid(text: string, timings?: ContactTurnTimings): Promise<void> {
    this.turns.push({ role: 'contact', text });
    if (timings) this.timings.set(this.turns.length - 1, timings);
  }

  async agentTimed(timings: AgentTurnTimings): Promise<void> {
    if (this.turns[this.turns.length - 1]?.role === 'agent') this.timings.set(this.turns.length - 1, timings);
  }

  async reply(say: (chunk: string) => void, stopped: () => boolean, hooks?: ReplyHooks): Promise<ReplyTurn> {
    const said = await replyWithTools(
      {
        ask: (offerTools) => this.llm.streamReply(offerTools ? this.profile : { ...this.profile, tools: [] }, [...this.turns]),
        toolRounds: () => toolRoundsAtEnd(this.turns),
        tools: this.tools?.tools,
        actions: this.tools?.actions ?? { run: () => Promise.reject(new Error('this conversation has no tools')) },
        nextId: () => `tc_memory_${this.turns.length}`,
        spoke: (text) => void this.turns.push({ role: 'agent', text }),
        ran: (turn) => void this.turns.push({ role: 'tool', text: turn.text, tool: turn.tool }),
      },
      say,
      stopped,
      hooks,
    );
    if (said.text) this.turns.push({ role: 'agent', text: said.text });
    return { done: !stopped() && said.done, stored: Promise.resolve() };
  }

  async interrupted(spoken: string): Promise<void> {
    const last = this.turns[this.turns.length - 1];
    if (last?.role !== 'agent') return;
    if (spoken) last.text = spoken;
    else this.turns.pop();
  }
}

export class FakeTransport implements Transport {
  /** Everything the session did, in order: `audio`, `clear`, `mark <name>`, `close <reason>`. */
  readonly log: string[] = [];
  readonly frames: Buffer[] = [];
  readonly marks: string[] = [];
  closed: SessionEnd | undefined;
  session: MediaSession | undefined;

  /** `autoPlay`: every mark is reported played as soon as it is sent, as a listener with no buffer would. */
  constructor(private readonly autoPlay = true) {}

  sendAudio(frame: Buffer): void {
    this.frames.push(frame);
    if (this.log[this.log.length - 1] !== 'audio') this.log.push('audio');
  }

  clear(): void {
    this.log.push('clear');
  }

  mark(name: string): void {
    this.marks.push(name);
    this.log.push(`mark ${name}`);
    if (this.autoPlay) setImmediate(() => this.session?.played(name));
  }

  close(end: SessionEnd): void {
    this.closed = end;
    this.log.push(`close ${end.reason}`);
  }
}

export const PROFILE: AgentProfile = {
  type: 'phone',
  instructions: '',
  greeting: 'Hello there. I am calling about your order today.',
  requiredContactFields: ['email'],
  outcomeLabels: [],
  language: 'en-US',
};

/** The default settings with timings short enough for tests. */
export function testSettings(overrides: Partial<VoiceSettings> = {}): VoiceSettings {
  return {
    ...loadConfig({}).voice,
    maxFramesPerSecond: 100_000,
    playbackLeadMs: 60_000,
    silenceRepromptMs: 30_000,
    ...overrides,
  };
}

/** `text` as the caller's 20 ms frames, followed by `silenceMs` of silence. */
export async function spoken(text: string, silenceMs = 500): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of new SimulatedTts().synthesize(text, { language: 'en-US', sampleRate: PIPELINE_SAMPLE_RATE })) chunks.push(chunk);
  chunks.push(Buffer.alloc((PIPELINE_SAMPLE_RATE * 2 * silenceMs) / 1000));
  return new Framer(frameBytes(PIPELINE_SAMPLE_RATE)).push(Buffer.concat(chunks));
}

export interface TestSessionOptions {
  settings?: Partial<VoiceSettings>;
  autoPlay?: boolean;
  llm?: LlmProvider;
  stt?: SttProvider;
  tts?: TtsProvider;
  greeting?: string;
  recorder?: SessionRecorder;
  answering?: AnswerScreen;
}

/** A media session on the simulated engines (or the given ones), a memory conversation and a fake transport. */
export function testSession(options: TestSessionOptions = {}) {
  const conversation = new MemoryConversation(options.llm ?? new SimulatedLlm(), { ...PROFILE, greeting: options.greeting ?? PROFILE.greeting });
  const transport = new FakeTransport(options.autoPlay ?? true);
  const media = new MediaSession({
    conversation,
    transport,
    stt: options.stt ?? new SimulatedStt(),
    tts: options.tts ?? new SimulatedTts(),
    settings: testSettings(options.settings),
    sampleRate: PIPELINE_SAMPLE_RATE,
    language: 'en-US',
    ...(options.recorder ? { recorder: options.recorder } : {}),
    ...(options.answering ? { answering: options.answering } : {}),
  });
  transport.session = media;
  return { conversation, transport, media };
}
