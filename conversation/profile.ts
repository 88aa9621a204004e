import type { AgentRecord } from '../models/agent';
import type { InterviewRecord } from '../models/interview';
import type { LlmSource } from '../providers/llm';
import type { AgentProfile, InterviewProfile, LlmProvider } from '../providers/llm/interface';

/** `{{name}}` placeholders replaced by the call's variables. */
export const fillVariables = (text: string, variables: Record<string, string>) =>
  text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => variables[name] ?? whole);

/** What the language model is told about a phone agent, with the call's variables filled in. */
export function agentProfile(agent: AgentRecord, variables: Record<string, string>): AgentProfile {
  const phone = (agent.phone ?? {}) as { greeting?: string; requiredContactFields?: string[]; outcomeLabels?: string[] };
  return {
    type: agent.type,
    instructions: fillVariables(agent.instructions, variables),
    greeting: fillVariables(phone.greeting ?? '', variables),
    requiredContactFields: phone.requiredContactFields ?? [],
    outcomeLabels: phone.outcomeLabels ?? [],
    language: agent.language,
  };
}

/** What a phone agent leaves on a voicemail: its greeting, or a generic request to call back. */
export const voicemailMessage = (profile: Pick<AgentProfile, 'greeting'>) =>
  profile.greeting || 'Hello, this is an automated assistant. Please call us back at your convenience. Goodbye.';

/**
 * What a turn needs of an interview: fields fixed when it was created, so the interview workflow can
 * hand them to its turns instead of each turn reading the interview again.
 */
export type InterviewSubject = Pick<InterviewRecord, 'agentMode' | 'language' | 'candidateName' | 'byok'> & {
  organizationId: InterviewRecord['organizationId'] | string;
};

/** What the language model is told about a voice agent interviewing this candidate. */
export function interviewProfile(agent: AgentRecord, interview: InterviewSubject): InterviewProfile {
  const voice = (agent.voice ?? {}) as Partial<Record<'goal' | 'opening' | 'evaluationStyle' | 'difficulty', string>> & { evaluationCriteria?: string[] };
  return {
    mode: interview.agentMode,
    instructions: agent.instructions,
    goal: voice.goal ?? '',
    opening: voice.opening ?? '',
    evaluationCriteria: voice.evaluationCriteria ?? [],
    evaluationStyle: voice.evaluationStyle ?? '',
    difficulty: voice.difficulty ?? 'medium',
    language: interview.language,
    candidateName: interview.candidateName,
  };
}

/** The LLM of an interview: its agent's (or the server's default), with the organization's own key for byok. */
export function interviewLlm(llms: LlmSource, interview: InterviewSubject, agent: AgentRecord): Promise<LlmProvider> {
  return llms.forSession({
    organizationId: String(interview.organizationId),
    byok: interview.byok === true,
    provider: agent.providers?.llm ?? llms.defaultProvider,
  });
}
