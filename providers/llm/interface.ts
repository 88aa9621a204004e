/**
 * The language-model side of a conversation: the agent's next turn, and the analysis of a finished
 * transcript into a report. `simulated` is the embedded default; vendor adapters (Mistral, Gemini,
 * Groq) implement the same interface.
 */
export interface Turn {
  /**
   * `contact` is whoever the agent talks to: the callee of a call, the candidate of an interview;
   * `tool` is a tool the agent called and what came back (`tool`), with `text` a readable summary.
   */
  role: 'agent' | 'contact' | 'tool';
  text: string;
  tool?: ToolExchange;
}

/** A tool the model may call: its name, what it is for, and its arguments as a JSON Schema object. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * The model asked for a tool through its vendor's function calling. `arguments` as the model wrote
 * them: the parsed JSON, or the raw text when it did not parse (the caller tells the model so).
 */
export interface ToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

export type ToolOutcome = { ok: true; result: unknown } | { ok: false; error: string };

/** A tool call and what came back, which the model is told on its next turn. */
export interface ToolExchange {
  call: ToolCall;
  outcome: ToolOutcome;
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
  /** What the model may call while it talks; none when absent. */
  tools?: ToolSpec[];
}

export interface AgentReply {
  text: string;
  /** The agent considers the conversation finished after saying `text`. */
  done: boolean;
  /** The tools the model called instead of, or after, saying `text`; absent: none. */
  toolCalls?: ToolCall[];
}

export interface CallAnalysis {
  /** One of the agent's outcomeLabels, or absent when it has none or none fits. */
  outcome?: string;
  summary: string;
  /** requiredContactFields found in the transcript, by field name. */
  capturedFields: Record<string, string>;
  sentiment: 'positive' | 'neutral' | 'negative';
  /** The person asked not to be called again (to be removed from the list, not contacted): their number becomes do-not-call. */
  optOut: boolean;
}

/** A voice agent as an interview sees it; `contact` turns of an interview transcript are the candidate's. */
export interface InterviewProfile {
  /** `interview` evaluates the candidate; `workflow` walks them through steps and captures answers. */
  mode: 'interview' | 'workflow';
  instructions: string;
  goal: string;
  /** voice.opening; '' when the agent has none. */
  opening: string;
  /** What the interview evaluates (`interview`), or the answers it captures (`workflow`). */
  evaluationCriteria: string[];
  evaluationStyle: string;
  difficulty: string;
  language: string;
  candidateName: string;
  /** What the model may call while it talks; none when absent. */
  tools?: ToolSpec[];
}

export interface CriterionEvaluation {
  criterion: string;
  /** 1 (no evidence) to 5 (strong evidence). */
  score: number;
  rationale: string;
}

export type Recommendation = 'advance' | 'hold' | 'decline';

/** The interview family of reports. */
export interface InterviewEvaluation {
  family: 'interview';
  summary: string;
  evaluations: CriterionEvaluation[];
  /** Mean of the scores, one decimal. */
  overallScore: number;
  recommendation: Recommendation;
  strengths: string[];
  concerns: string[];
}

/** The workflow family of reports. */
export interface WorkflowOutcome {
  family: 'workflow';
  /** `completed` when every step was answered, else `incomplete`. */
  outcome: 'completed' | 'incomplete';
  summary: string;
  capturedFields: Record<string, string>;
}

/**
 * An agent turn as it is produced. `chunks` yields the text in order (never the end-of-conversation
 * signal, which is not speech); once it is exhausted, `done()` says whether the agent ends the
 * conversation with this turn. Calling `done()` earlier throws: the answer is not known yet.
 */
export interface ReplyStream {
  chunks: AsyncIterable<string>;
  done(): boolean;
  /**
   * The tools the model called in this turn (known, like `done()`, once the chunks are consumed):
   * the caller runs them and asks for the turn again with their outcomes. Absent: none.
   */
  toolCalls?(): ToolCall[];
}

export interface LlmProvider {
  readonly name: string;
  /** The agent's next turn given the transcript so far (empty: the agent opens the call). */
  reply(agent: AgentProfile, transcript: Turn[]): Promise<AgentReply>;
  /** The same turn as `reply`, streamed for a carrier that speaks text as it arrives. */
  streamReply(agent: AgentProfile, transcript: Turn[]): ReplyStream;
  analyzeCall(agent: AgentProfile, transcript: Turn[]): Promise<CallAnalysis>;
  /** The interviewer's next turn (empty transcript: the opening). */
  interviewReply(agent: InterviewProfile, transcript: Turn[]): Promise<AgentReply>;
  /** The same turn as `interviewReply`, streamed for a voice session that speaks it as it arrives. */
  streamInterviewReply(agent: InterviewProfile, transcript: Turn[]): ReplyStream;
  /** The report of a finished interview, of the family the agent's mode selects. */
  analyzeInterview(agent: InterviewProfile, transcript: Turn[]): Promise<InterviewEvaluation | WorkflowOutcome>;
}

/**
 * The model kept answering an analysis with JSON that does not parse or does not fit the schema.
 * Retrying the activity would only ask again, so the report records the failure instead.
 */
export class LlmAnalysisError extends Error {
  constructor(
    readonly provider: string,
    readonly attempts: number,
    readonly lastProblem: string,
  ) {
    super(`${provider} gave no valid analysis in ${attempts} attempts; last problem: ${lastProblem}`);
    this.name = 'LlmAnalysisError';
  }
}
