/**
 * The language-model side of a conversation: the agent's next turn, and the analysis of a finished
 * transcript into a report. `simulated` is the embedded default; vendor adapters (Mistral, Gemini,
 * Groq) implement the same interface.
 */
export interface Turn {
  role: 'agent' | 'contact';
  text: string;
}

export interface AgentProfile {
  type: 'phone' | 'voice';
  /** The agent's instructions with every `{{variable}}` already filled in. */
  instructions: string;
  /** phone.greeting with variables filled in; '' when the agent has none. */
  greeting: string;
  requiredContactFields: string[];
  outcomeLabels: string[];
  language: string;
}

export interface AgentReply {
  text: string;
  /** The agent considers the conversation finished after saying `text`. */
  done: boolean;
}

export interface CallAnalysis {
  /** One of the agent's outcomeLabels, or absent when it has none or none fits. */
  outcome?: string;
  summary: string;
  /** requiredContactFields found in the transcript, by field name. */
  capturedFields: Record<string, string>;
  sentiment: 'positive' | 'neutral' | 'negative';
}

export interface LlmProvider {
  readonly name: string;
  /** The agent's next turn given the transcript so far (empty: the agent opens the call). */
  reply(agent: AgentProfile, transcript: Turn[]): Promise<AgentReply>;
  analyzeCall(agent: AgentProfile, transcript: Turn[]): Promise<CallAnalysis>;
}
