import type { AgentRecord } from '../models/agent';
import type { InterviewRecord } from '../models/interview';
import type { StoredToolTurn } from '../models/callTurn';
import type { InterviewProfile, Turn } from '../providers/llm/interface';
import { agentToolActions, toolSpecs, type ToolActions, type ToolDeps } from './tools';

/** An interview's turn as stored, for the model: the candidate is its `contact`, a tool turn carries its call and outcome. */
export const interviewTurnOf = (t: { role: string; text: string; tool?: unknown }): Turn => {
  const tool = t.tool as StoredToolTurn | undefined;
  if (t.role === 'tool' && tool) return { role: 'tool', text: t.text, tool: { call: tool.call, outcome: tool.outcome } };
  return { role: t.role === 'agent' ? 'agent' : 'contact', text: t.text };
};

/**
 * The interview's profile offered the agent's tools, and how they run for it: the tool server hears
 * of an `interview` conversation. `callback` is a call's (a person to ring back) and is not offered.
 */
export function interviewTools(
  deps: ToolDeps,
  agent: AgentRecord,
  interview: Pick<InterviewRecord, '_id' | 'agentId' | 'externalRef' | 'organizationId'>,
  profile: InterviewProfile,
): { profile: InterviewProfile; actions: ToolActions } {
  const conversation = {
    type: 'interview' as const,
    id: String(interview._id),
    agentId: String(interview.agentId),
    externalRef: interview.externalRef || null,
    organizationId: interview.organizationId,
  };
  return { profile: { ...profile, tools: toolSpecs(agent.tools) }, actions: agentToolActions(deps, agent.tools, conversation) };
}
