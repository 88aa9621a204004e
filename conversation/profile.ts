import type { AgentRecord } from '../models/agent';
import type { AgentProfile } from '../providers/llm/interface';

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
