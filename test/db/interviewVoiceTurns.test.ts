/**
 * A voice interview's turns on the real database when the interview workflow is slow to hand out
 * their indices: the agent's reply does not wait for the candidate's turn to be stored, yet the
 * transcript keeps the order they were said in, a barge-in still cuts the stored agent turn, and a
 * candidate's turn that cannot be stored ends the session. The workflow is a keeper in memory whose
 * reservations the test holds; speech and the model are the simulated engines.
 */
import { Types } from 'mongoose';
import { InterviewConversation, type InterviewTurnKeeper, type TranscriptEvent } from '../../conversation/interview';
import { MediaSession } from '../../conversation/mediaSession';
import { PIPELINE_SAMPLE_RATE } from '../../lib/audio';
import type { AgentRecord } from '../../models/agent';
import type { InterviewRecord } from '../../models/interview';
import { appendTurn, interviewTranscript } from '../../models/interviewTurn';
import type { InterviewProfile, LlmProvider, ReplyStream, Turn } from '../../providers/llm/interface';
import { SimulatedLlm } from '../../providers/llm/simulated';
import { SimulatedStt } from '../../providers/stt/simulated';
import { SimulatedTts } from '../../providers/tts/simulated';
import type { VoiceTurnSlot } from '../../workflows/definitions';
import { FakeTransport, spoken, testSettings } from '../fakes/voice';
import { connectTestDatabase, waitFor } from '../helpers/servers';

const OPENING = 'Welcome. We will talk about TypeScript.';
const QUESTION = 'Tell me about your experience with TypeScript.';
const AGENT = { instructions: 'Interview the candidate.', voice: { opening: OPENING, evaluationCriteria: ['TypeScript'] } } as unknown as AgentRecord;

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('interview_voice_turns');
});
afterAll(() => cleanup());

/** The interview workflow's part: indices handed out in order, each reservation answered once `hold` settles; what it did goes to `log`. */
class Keeper implements InterviewTurnKeeper {
  hold: Promise<void> = Promise.resolve();
  private next = 1;

  constructor(private readonly log: string[]) {}

  async reserve(candidate: boolean): Promise<VoiceTurnSlot> {
    const slot = { candidateIndex: candidate ? this.next : null, agentIndex: this.next + (candidate ? 1 : 0) };
    this.next = slot.agentIndex + 1;
    await this.hold;
    this.log.push(`reserve ${slot.agentIndex}`);
    return slot;
  }

  async more(): Promise<number> {
    return this.next++;
  }

  async done(agentIndex: number, ended: boolean): Promise<{ reportId: string | null }> {
    this.log.push(`done ${agentIndex}${ended ? ' ended' : ''}`);
    return { reportId: null };
  }
}

/** The simulated model, remembering the transcript each reply was asked with. */
class RecordingLlm extends SimulatedLlm {
  readonly asked: Turn[][] = [];

  override streamInterviewReply(agent: InterviewProfile, transcript: Turn[]): ReplyStream {
    this.asked.push(transcript);
    return super.streamInterviewReply(agent, transcript);
  }
}

/** A model that fails as soon as it is asked. */
class FailingLlm extends SimulatedLlm {
  asked = 0;

  override streamInterviewReply(): ReplyStream {
    this.asked++;
    return {
      chunks: (async function* () {
        yield* [];
        throw new Error('the model is overloaded');
      })(),
      done: () => false,
    };
  }
}

/** A held reservation and the function that lets it (or fails it) go. */
function held(): { hold: Promise<void>; release: (failure?: Error) => void } {
  let release!: (failure?: Error) => void;
  const hold = new Promise<void>((resolve, reject) => (release = (failure) => (failure ? reject(failure) : resolve())));
  return { hold, release };
}

/**
 * A session of a voice interview whose opening is stored, once the opening has been spoken; the
 * workflow hands out no index until `release`.
 */
async function interviewSession(autoPlay = true, llm: LlmProvider = new SimulatedLlm()) {
  /** What the workflow did and what the transcript said, in order. */
  const log: string[] = [];
  const keeper = new Keeper(log);
  const { hold, release } = held();
  keeper.hold = hold;
  const interviewId = String(new Types.ObjectId());
  const interview = { _id: interviewId, agentMode: 'interview', language: 'en-US', candidateName: 'Ada' } as unknown as InterviewRecord;
  await appendTurn(interviewId, 0, 'agent', OPENING);
  const onTranscript = (e: TranscriptEvent) => log.push(e.type === 'turn' ? `${e.turn.index} ${e.turn.role}` : `${e.index} removed`);
  const conversation = new InterviewConversation(interview, AGENT, {
    llm,
    workflow: keeper,
    tools: { encryptionKeys: [], allowLoopback: false },
    onTranscript,
  });
  const transport = new FakeTransport(autoPlay);
  const media = new MediaSession({
    conversation,
    stt: new SimulatedStt(),
    tts: new SimulatedTts(),
    transport,
    settings: testSettings(),
    sampleRate: PIPELINE_SAMPLE_RATE,
    language: 'en-US',
  });
  transport.session = media;
  await media.start(() => conversation.load());
  await marked(transport, 't0.end');
  // Heard in full, whether or not the transport reports marks by itself.
  for (const mark of transport.marks) media.played(mark);
  const say = async (text: string) => {
    for (const frame of await spoken(text)) media.audio(frame);
  };
  const stored = async () => (await interviewTranscript(interviewId)).map(({ index, role, text }) => ({ index, role, text }));
  return { log, release, media, transport, say, stored, interviewId };
}

const marked = (transport: FakeTransport, mark: string) => waitFor(async () => transport.marks.includes(mark) || undefined);

test('the reply is spoken before the candidate’s turn is stored, and the transcript still has that turn first', async () => {
  const llm = new RecordingLlm();
  const s = await interviewSession(true, llm);
  const { log, release } = s;
  await s.say('Ready.');

  // The whole reply went out while the workflow had not yet handed out the candidate's index.
  await marked(s.transport, 't1.end');
  expect(llm.asked.at(-1)).toEqual([
    { role: 'agent', text: OPENING },
    { role: 'contact', text: 'Ready.' },
  ]);
  expect(log).toEqual(['0 agent']);
  expect(await s.stored()).toEqual([{ index: 0, role: 'agent', text: OPENING }]);

  release();
  await waitFor(async () => log.includes('done 2') || undefined);
  expect(await s.stored()).toEqual([
    { index: 0, role: 'agent', text: OPENING },
    { index: 1, role: 'candidate', text: 'Ready.' },
    { index: 2, role: 'agent', text: QUESTION },
  ]);
  expect(log).toEqual(['0 agent', 'reserve 2', '1 candidate', '2 agent', 'done 2']);
  s.media.end();
  expect(await s.media.ended).toEqual({ reason: 'ended_by_host' });
});

test('a barge-in on a reply whose candidate turn was stored late cuts the stored agent turn to what was played', async () => {
  const s = await interviewSession(false);
  const { log, release } = s;
  await s.say('Ready.');
  await marked(s.transport, 't1.end');
  // The candidate heard "Tell me about" (one mark per word of audio), then their turn is stored.
  for (const mark of ['t1.0', 't1.1', 't1.2']) s.media.played(mark);
  release();
  await waitFor(async () => log.includes('done 2') || undefined);

  await s.say('wait a moment please');
  await waitFor(async () => ((await s.stored()).length === 5 ? true : undefined));
  expect(s.transport.log.filter((entry) => entry === 'clear')).toHaveLength(1);
  expect((await s.stored()).slice(0, 4)).toEqual([
    { index: 0, role: 'agent', text: OPENING },
    { index: 1, role: 'candidate', text: 'Ready.' },
    { index: 2, role: 'agent', text: 'Tell me about' },
    { index: 3, role: 'candidate', text: 'wait a moment please' },
  ]);
  // Stored with each turn: how the candidate's end of turn was decided, and what the barge-in cut.
  const timings = (await interviewTranscript(s.interviewId)).map((t) => t.timings as Record<string, any> | undefined);
  expect(timings[1]).toMatchObject({ endOfTurn: { by: 'vad' } });
  expect(timings[1]!.takenMs - Math.max(timings[1]!.endOfTurn.atMs, timings[1]!.sttFinalMs)).toBeGreaterThanOrEqual(0);
  expect(timings[1]!.takenMs - Math.max(timings[1]!.endOfTurn.atMs, timings[1]!.sttFinalMs)).toBeLessThan(50);
  expect(timings[2]).toMatchObject({ interrupted: { cutText: 'your experience with TypeScript.' } });
  expect(timings[2]!.interrupted.atMs).toBeGreaterThanOrEqual(timings[2]!.firstAudioMs);
  expect(timings[2]!.llmFirstTokenMs).toBeLessThanOrEqual(timings[2]!.ttsFirstByteMs);
  s.media.end();
  await s.media.ended;
});

test('a candidate’s turn that cannot be stored ends the session as an error, in the middle of the reply it is answered with', async () => {
  const s = await interviewSession(false);
  const { log, release } = s;
  await s.say('Ready.');
  await marked(s.transport, 't1.0');

  release(new Error('the interview is closing'));
  expect(await s.media.ended).toEqual({ reason: 'error', detail: 'the interview is closing' });
  expect(s.transport.closed).toEqual({ reason: 'error', detail: 'the interview is closing' });
  // Nothing was reserved, so nothing is held or stored after the opening.
  expect(log).toEqual(['0 agent']);
  expect(await s.stored()).toEqual([{ index: 0, role: 'agent', text: OPENING }]);
});

test('a reply the model fails holds the run until the candidate’s turn has landed, then frees it', async () => {
  const llm = new FailingLlm();
  const s = await interviewSession(true, llm);
  const { log, release } = s;
  await s.say('Ready.');
  await waitFor(async () => llm.asked > 0 || undefined);
  release();
  expect(await s.media.ended).toEqual({ reason: 'llm_failed', detail: 'the model is overloaded' });
  expect(log).toEqual(['0 agent', 'reserve 2', '1 candidate', 'done 2']);
  expect(await s.stored()).toEqual([
    { index: 0, role: 'agent', text: OPENING },
    { index: 1, role: 'candidate', text: 'Ready.' },
  ]);
});
