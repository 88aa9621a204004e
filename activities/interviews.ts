import { CLOSING_LINE, extendHold } from '../domain/admission';
import { agentById } from '../domain/agents';
import {
  appendInterviewTurn,
  fileInterviewReport,
  interviewById,
  interviewTranscript,
  interviewWithAgent,
  recordInterviewState,
  reserveInterviewReport,
  settleInterview,
} from '../domain/interviewRecords';
import type { LlmSource } from '../providers/llm';
import { toolCallsOf } from './calls';
import { interviewLlm, interviewProfile } from '../conversation/profile';
import { interviewTools, interviewTurnOf } from '../conversation/interviewTools';
import { replyWithTools } from '../conversation/toolReply';
import { toolRoundsAtEnd, type ToolDeps, type ToolTurn } from '../conversation/tools';
import { analysisOrFailure } from './analysis';
import { agentDeletedFailure, type InterviewActivities, type InterviewTurnView } from '../workflows/definitions';

export interface InterviewDeps {
  llms: LlmSource;
  tools: ToolDeps;
}

const view = (t: { index: number; role: string; text: string }): InterviewTurnView => ({
  index: t.index,
  role: t.role as InterviewTurnView['role'],
  text: t.text,
});

/**
 * A text exchange as stored from `agentIndex` on: the agent's turns and its last words (none when
 * it hung up without a word), whether it ended the interview, and the position after its last turn.
 */
function storedExchange(
  candidateTurn: InterviewTurnView | null,
  stored: Array<{ index: number; role: string; text: string; ends?: boolean | null }>,
  agentIndex: number,
) {
  const exchange = stored.filter((t) => t.index >= agentIndex);
  const said = exchange.filter((t) => t.role === 'agent').map(view);
  return {
    candidateTurn,
    agentTurn: said[said.length - 1] ?? { index: agentIndex, role: 'agent' as const, text: '' },
    agentTurns: said,
    ended: exchange.some((t) => t.ends),
    nextIndex: (exchange[exchange.length - 1]?.index ?? agentIndex - 1) + 1,
  };
}

/** The interview workflow's activities; their signatures are the workflow's own (workflows/definitions). */
export function interviewActivities({ llms, tools }: InterviewDeps) {
  return {
    async projectInterview({ interviewId, seq, fields }) {
      return recordInterviewState(interviewId, seq, fields);
    },

    /**
     * One exchange: stores the candidate's message as turn `index` (none for the opening) and the
     * agent's reply after it, with the agent's tool calls between them, each run and stored as it is
     * done. Idempotent per index: a retry goes on from the turns already stored, and returns the
     * reply already stored instead of asking the model again.
     */
    async interviewTurn({ interviewId, index, candidateText, interview }) {
      const agentIndex = candidateText === null ? index : index + 1;
      // Everything the model needs is read at once, while the candidate's turn is stored: one round
      // trip before the model is asked. A turn stored at this index before (an earlier attempt) is the one that stands.
      const [, stored, agent, record] = await Promise.all([
        candidateText === null ? undefined : appendInterviewTurn(interviewId, index, 'candidate', candidateText),
        interviewTranscript(interviewId),
        agentById(interview.agentId),
        interviewById(interviewId),
      ]);
      // Deleted since the interview was created: no retry brings it back, and the workflow ends the interview.
      if (!agent) throw agentDeletedFailure(`agent ${interview.agentId} of interview ${interviewId} was deleted`);
      if (!record) throw new Error(`interview ${interviewId} is not in the read model`);
      const candidateTurn = candidateText === null ? null : view(stored.find((t) => t.index === index) ?? { index, role: 'candidate', text: candidateText });
      const before = stored.filter((t) => t.index < agentIndex && t.index !== index);
      const turns = [...before.map(interviewTurnOf), ...(candidateTurn ? [interviewTurnOf(candidateTurn)] : [])];
      const earlier = stored.filter((t) => t.index >= agentIndex);
      const last = earlier[earlier.length - 1];
      // An earlier attempt finished the reply (its last words, or the tool that hung up): that is the exchange.
      if (last?.role === 'agent' || earlier.some((t) => t.ends)) return storedExchange(candidateTurn, earlier, agentIndex);
      turns.push(...earlier.map(interviewTurnOf));
      const { profile, actions } = interviewTools(tools, agent, record, interviewProfile(agent, interview));
      const llm = await interviewLlm(llms, interview, agent);
      let next = last ? last.index + 1 : agentIndex;
      // Written in the order said; a write a concurrent attempt made first stands.
      let writes: Promise<unknown> = Promise.resolve();
      const keep = (role: 'agent' | 'tool', text: string, ends: boolean, tool?: ToolTurn['tool']) => {
        const at = next++;
        turns.push(interviewTurnOf({ role, text, tool }));
        writes = writes.then(() => appendInterviewTurn(interviewId, at, role, text, ends, tool ? { tool } : {}));
      };
      const reply = await replyWithTools(
        {
          ask: (offerTools) => llm.streamInterviewReply(offerTools ? profile : { ...profile, tools: [] }, turns),
          toolRounds: () => toolRoundsAtEnd(turns),
          tools: agent.tools,
          actions,
          nextId: () => `tc_${interviewId}_${next}`,
          spoke: (text) => keep('agent', text, false),
          ran: (turn, ends) => keep('tool', turn.text, ends, turn.tool),
        },
        () => undefined,
        () => false,
      );
      if (reply.text) keep('agent', reply.text, reply.done);
      await writes;
      // A concurrent attempt stored its turns first: those are the exchange.
      return storedExchange(candidateTurn, await interviewTranscript(interviewId), agentIndex);
    },

    /** The report's id, fixed when the interview ends: a pending report, one per interview. */
    reserveInterviewReport: async ({ interviewId }) => ({ reportId: await reserveInterviewReport(interviewId) }),

    settleInterview,

    extendInterviewHold: ({ organizationId, interviewId, minute }) => extendHold(organizationId, `interview:${interviewId}`, minute),

    async closeInterview({ interviewId, index }) {
      await appendInterviewTurn(interviewId, index, 'agent', CLOSING_LINE, true);
    },

    /** Fills the pending report from the stored transcript, or records why the model could not; repeating it rewrites it. */
    async analyzeInterview({ interviewId }) {
      const { interview, agent, stored } = await interviewWithAgent(interviewId);
      // Deleted since the interview ended: no retry brings it back, and the workflow records that the interview has no report.
      if (!agent) throw agentDeletedFailure(`agent ${interview.agentId} of interview ${interviewId} was deleted before the interview's report was written`);
      const turns = stored.map(interviewTurnOf);
      const analysis = await analysisOrFailure(async () => ({
        ...(await (await interviewLlm(llms, interview, agent)).analyzeInterview(interviewProfile(agent, interview), turns)),
        analysisStatus: 'completed' as const,
      }));
      await fileInterviewReport(interview, { family: interview.agentMode, ...analysis, toolCalls: toolCallsOf(turns) });
    },
  } satisfies InterviewActivities;
}
