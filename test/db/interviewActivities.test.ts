/**
 * The interview activities against the real database: turns are stored once per index however
 * often an attempt is retried, the read model only moves forward, a report is reserved once, and
 * the charge lands once in the ledger: as a credit charge, or as byok usage outside credits.
 */
import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { interviewActivities } from '../../activities/interviews';
import { Agent } from '../../models/agent';
import { CreditEntry, byokUsedMinutes, creditBalance } from '../../models/creditEntry';
import { Interview } from '../../models/interview';
import { interviewReport } from '../../domain/interviews';
import { InterviewReport } from '../../models/interviewReport';
import { InterviewTurn, appendTurn, interviewTranscript } from '../../models/interviewTurn';
import type { ToolDeps } from '../../conversation/tools';
import { startToolServer } from '../helpers/toolServer';
import type { AgentReply, InterviewProfile, Turn } from '../../providers/llm/interface';
import { fixedLlm } from '../../providers/llm';
import { SimulatedLlm } from '../../providers/llm/simulated';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('interview_activities');
});
afterAll(() => cleanup());

/** The simulated model, counting how often it is asked for a reply. */
class CountingLlm extends SimulatedLlm {
  replies = 0;
  override async interviewReply(agent: InterviewProfile, transcript: Turn[]): Promise<AgentReply> {
    this.replies += 1;
    return super.interviewReply(agent, transcript);
  }
}

async function setup(options: { tools?: unknown[]; deps?: ToolDeps; llm?: CountingLlm } = {}) {
  const organizationId = new Types.ObjectId();
  const agent = await Agent.create({
    organizationId,
    type: 'voice',
    mode: 'interview',
    name: `Agent ${new Types.ObjectId()}`,
    nameKey: String(new Types.ObjectId()),
    language: 'en-US',
    maxDurationMinutes: 15,
    instructions: 'Interview.',
    voice: { opening: 'Hi there.', evaluationCriteria: ['Go'] },
    tools: options.tools ?? [],
  });
  const interviewId = String(new Types.ObjectId());
  const llm = options.llm ?? new CountingLlm();
  const activities = interviewActivities({ llms: fixedLlm(llm), tools: options.deps ?? { encryptionKeys: [], allowLoopback: false } });
  await activities.projectInterview({
    interviewId,
    seq: 1,
    fields: {
      organizationId: String(organizationId),
      agentId: String(agent._id),
      agentName: agent.name,
      agentMode: 'interview',
      status: 'created',
      mode: 'text',
      candidateName: 'Ada',
      language: 'en-US',
      capabilityHash: 'h',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });
  const interview = {
    organizationId: String(organizationId),
    agentId: String(agent._id),
    agentMode: 'interview' as const,
    language: 'en-US',
    candidateName: 'Ada',
    byok: false,
  };
  const turn = (index: number, candidateText: string | null) => activities.interviewTurn({ interviewId, index, candidateText, interview });
  return { organizationId, agent, interviewId, llm, activities, turn };
}

test('a retried turn returns the stored reply without asking the model again', async () => {
  const { llm, turn, interviewId } = await setup();
  const opening = await turn(0, null);
  const said = { index: 0, role: 'agent', text: 'Hi there.' };
  expect(opening).toEqual({ candidateTurn: null, agentTurn: said, agentTurns: [said], ended: false, nextIndex: 1 });
  const first = await turn(1, 'Hello');
  const retry = await turn(1, 'Hello');
  expect(retry).toEqual(first);
  expect(first.agentTurn).toEqual({ index: 2, role: 'agent', text: 'Tell me about your experience with Go.' });
  expect(llm.replies).toBe(2);
  expect((await interviewTranscript(interviewId)).map((t) => [t.index, t.role])).toEqual([
    [0, 'agent'],
    [1, 'candidate'],
    [2, 'agent'],
  ]);
  const closing = await turn(3, 'I write Go daily.');
  expect(closing.ended).toBe(true);
  // The stored turn remembers that it ended the interview, for a retry after a lost answer.
  expect((await turn(3, 'I write Go daily.')).ended).toBe(true);
});

test('a retried turn with a tool call goes on from the turns stored: the tool is called once', async () => {
  const server = await startToolServer();
  server.answer = () => ({ status: 200, body: { answer: 'It shipped on Monday.' } });
  try {
    const lookup = {
      type: 'http',
      name: 'lookup_order',
      description: 'Finds an order.',
      parameters: { type: 'object', properties: {} },
      url: server.url,
      timeoutSeconds: 5,
      async: false,
    };
    const { turn, interviewId, llm } = await setup({ tools: [lookup], deps: { encryptionKeys: [{ id: 'k1', key: randomBytes(32) }], allowLoopback: true } });
    await turn(0, null);
    const first = await turn(1, 'Could you look it up?');
    expect(first).toEqual({
      candidateTurn: { index: 1, role: 'candidate', text: 'Could you look it up?' },
      agentTurn: { index: 3, role: 'agent', text: 'It shipped on Monday.' },
      agentTurns: [{ index: 3, role: 'agent', text: 'It shipped on Monday.' }],
      ended: false,
      nextIndex: 4,
    });
    expect((await interviewTranscript(interviewId)).map((t) => [t.index, t.role, t.text])).toEqual([
      [0, 'agent', 'Hi there.'],
      [1, 'candidate', 'Could you look it up?'],
      [2, 'tool', 'lookup_order answered'],
      [3, 'agent', 'It shipped on Monday.'],
    ]);
    // The answer was lost: the retry returns the stored exchange, asking nothing.
    const asked = llm.replies;
    expect(await turn(1, 'Could you look it up?')).toEqual(first);
    expect(llm.replies).toBe(asked);
    // The attempt died after the tool's turn: the retry goes on from it, without calling the tool again.
    await InterviewTurn.deleteOne({ interviewId: new Types.ObjectId(interviewId), index: 3 });
    expect(await turn(1, 'Could you look it up?')).toEqual(first);
    expect(server.received).toHaveLength(1);
  } finally {
    await server.close();
  }
});

test('the read model never goes back; a report is reserved once and analysed from the transcript', async () => {
  const { interviewId, activities, turn } = await setup();
  expect(await activities.projectInterview({ interviewId, seq: 2, fields: { status: 'active', startedAt: new Date().toISOString() } })).toBe(true);
  expect(await activities.projectInterview({ interviewId, seq: 3, fields: { status: 'completed', endedReason: 'candidate_ended' } })).toBe(true);
  expect(await activities.projectInterview({ interviewId, seq: 2, fields: { status: 'active' } })).toBe(false);
  expect(await Interview.findById(interviewId).lean()).toMatchObject({ status: 'completed', endedReason: 'candidate_ended', seq: 3 });

  await turn(0, null);
  await turn(1, 'ready');
  await turn(3, 'Go is my main language for backend services');
  const [a, b] = await Promise.all([activities.reserveInterviewReport({ interviewId }), activities.reserveInterviewReport({ interviewId })]);
  expect(a).toEqual(b);
  expect(await InterviewReport.countDocuments({ interviewId })).toBe(1);
  expect(await InterviewReport.findById(a.reportId).lean()).toMatchObject({ status: 'pending' });
  await activities.analyzeInterview({ interviewId });
  const report = await InterviewReport.findById(a.reportId).lean();
  expect(report).toMatchObject({ status: 'ready', family: 'interview', evaluations: [{ criterion: 'Go', score: 4 }] });
  expect(report!.evaluations![0]!.rationale).toContain('Go is my main language for backend services');
});

test('the charge is written once per interview, and byok minutes as byok usage that credits do not count', async () => {
  const { organizationId, agent, interviewId, activities } = await setup();
  const settle = (byok: boolean, id = interviewId) =>
    activities.settleInterview({ interviewId: id, organizationId: String(organizationId), agentId: String(agent._id), chargedMinutes: 3, byok });
  await Promise.all([settle(false), settle(false)]);
  await settle(false);
  const byokInterview = String(new Types.ObjectId());
  await Promise.all([settle(true, byokInterview), settle(true, byokInterview)]);
  const entries = await CreditEntry.find({ organizationId }).sort({ createdAt: 1 }).lean();
  expect(entries).toEqual([
    expect.objectContaining({ kind: 'charge', minutes: 3, reference: `interview:${interviewId}` }),
    expect.objectContaining({ kind: 'byok_usage', minutes: 3, reference: `interview:${byokInterview}` }),
  ]);
  expect((await creditBalance(organizationId)).usedMinutes).toBe(3);
  expect(await byokUsedMinutes(organizationId)).toBe(3);
});

// A workflow agent's fields are its evaluation criteria, free text such as "Knows Node.js"; the
// database refuses a key with "." or a leading "$", and the report stayed pending for good.
test('captured fields keyed by any text are stored and read back exactly', async () => {
  const capturedFields = { 'Knows Node.js': 'yes', $plan: 'gold', '50% off': 'taken', 'a%2Eb': 'literal' };
  class Capturing extends CountingLlm {
    override async analyzeInterview() {
      return { family: 'workflow' as const, outcome: 'completed' as const, summary: 'Captured.', capturedFields };
    }
  }
  const { organizationId, interviewId, activities, turn } = await setup({ llm: new Capturing() });
  await turn(0, null);
  await turn(1, 'ready');
  expect(await activities.projectInterview({ interviewId, seq: 2, fields: { status: 'completed', startedAt: new Date().toISOString() } })).toBe(true);
  const { reportId } = await activities.reserveInterviewReport({ interviewId });
  expect(await activities.projectInterview({ interviewId, seq: 3, fields: { reportId } })).toBe(true);
  await activities.analyzeInterview({ interviewId });
  const { report } = await interviewReport(organizationId, interviewId, false);
  expect(report).toMatchObject({ status: 'ready', capturedFields });
  expect(Object.keys(report!.capturedFields as object).sort()).toEqual(Object.keys(capturedFields).sort());
});

test("an interview's tool turn keeps its call and its server's answer exactly, whatever their keys, empty ones too", async () => {
  const interviewId = String(new Types.ObjectId());
  const tool = {
    toolCallId: 'tc_1',
    call: { id: 'c1', name: 'lookup', arguments: {} },
    outcome: { ok: true, result: { $type: 'Slot', 'a.b': [{ $ref: 'x' }] } },
    durationMs: 5,
  };
  expect(await appendTurn(interviewId, 0, 'tool', 'lookup', false, { tool })).toBe(true);
  const [turn] = await interviewTranscript(interviewId);
  expect(turn!.tool).toEqual(tool);
});
