import { BUILT_IN_NAMES } from '../../models/agent';
import type {
  AgentProfile,
  AgentReply,
  CallAnalysis,
  CriterionEvaluation,
  InterviewEvaluation,
  InterviewProfile,
  LlmProvider,
  Recommendation,
  ReplyStream,
  ToolOutcome,
  ToolSpec,
  Turn,
  WorkflowOutcome,
} from './interface';

/**
 * The embedded language model: a scripted agent that greets, asks for each required contact field,
 * offers the outcome labels once and says goodbye; and an analysis that reads everything it reports
 * out of the transcript with plain rules. No randomness and no clock, so a call replays exactly
 * (it may run inside a workflow) and tests can predict every turn.
 */

const DEFAULT_OPENING = 'Hello, this is an automated assistant calling.';
const CLOSING = "Thank you, that's everything I needed. Goodbye.";
const CLOSING_ON_STOP = 'Understood, thank you for your time. Goodbye.';

const STOP = /\b(not interested|stop calling|do not call|don't call|remove me|leave me alone|hang up|goodbye|bye)\b/i;
const REFUSAL = /\b(rather not|prefer not|won't say|not telling|no comment)\b/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
const E164 = /\+[1-9]\d{6,14}/;

/**
 * An email as it is said aloud and a speech-to-text engine writes it down: "Bruno Dot Akifur at
 * example.com". Lower-cased, as speech has no case. Only words joined by "dot" and the like are
 * read as one address: "Bruno Akifur at example.com" gives "akifur@example.com".
 */
function spokenEmail(answer: string): string | undefined {
  const written = answer
    .replace(/\s+(dot|period)\s+/gi, '.')
    .replace(/\s+underscore\s+/gi, '_')
    .replace(/\s+(dash|hyphen)\s+/gi, '-')
    .replace(/\s+at\s+/gi, '@');
  return written.match(EMAIL)?.[0].toLowerCase();
}

// Negative phrases are scored (and blanked) first so "not interested" never also counts as "interested".
const NEGATIVE = /\b(not interested|stop calling|don't call|do not call|remove me|waste of time|stop|angry|annoyed|terrible|awful|hate|never|no)\b/gi;
const POSITIVE = /\b(great|yes|yeah|sure|interested|thanks|thank you|good|perfect|happy|love|absolutely|wonderful)\b/gi;

/** `firstName` / `first_name` / `first-name` -> `first name`. */
export function readableField(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

export function fieldQuestion(field: string): string {
  return `Could you tell me your ${readableField(field)}?`;
}

export function labelQuestion(labels: string[]): string {
  if (labels.length === 1) return `Would you describe it as ${labels[0]}?`;
  return `Which fits best: ${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}?`;
}

export function wantsToStop(text: string): boolean {
  return STOP.test(text);
}

export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The outcome label a text settles on, or undefined. A label counts written as is (`call_back`) or
 * spoken (`call back`), in either spelling of a doubled l; a match inside a longer label's match or
 * right after "not"/"no" is dropped, so "not interested" is never read as `interested`.
 */
export function labelIn(labels: string[], text: string): string | undefined {
  const hits: { label: string; start: number; end: number }[] = [];
  for (const label of labels) {
    const forms = new Set([label, label.replace(/[_-]+/g, ' ')]);
    for (const form of forms) {
      // Underscore is a word character, so `interested` does not match inside `not_interested`.
      // British and American spellings differ in a doubled l: `cancelled` is also heard as `canceling`.
      const re = new RegExp(`(?<![\\w])${escapeRegExp(form).replace(/l+/gi, 'l{1,2}')}(?![\\w])`, 'gi');
      for (const m of text.matchAll(re)) hits.push({ label, start: m.index, end: m.index + m[0].length });
    }
  }
  const kept = hits.filter(
    (h) =>
      !hits.some((o) => o !== h && o.end - o.start > h.end - h.start && o.start <= h.start && o.end >= h.end) &&
      !/\b(not|no)\s+$/i.test(text.slice(0, h.start)),
  );
  // The last label mentioned is the one the speaker landed on.
  kept.sort((a, b) => a.start - b.start);
  return kept[kept.length - 1]?.label;
}

/** Which required field an agent turn asked for; only this agent's own phrasing counts. */
function fieldAskedBy(agent: AgentProfile, text: string): string | undefined {
  return agent.requiredContactFields.find((f) => fieldQuestion(f) === text);
}

/** The contact turn directly answering the agent turn at `i`, if any. */
function answerTo(transcript: Turn[], i: number): string | undefined {
  const next = transcript[i + 1];
  return next?.role === 'contact' ? next.text : undefined;
}

function extractValue(field: string, answer: string): string | undefined {
  if (wantsToStop(answer) || REFUSAL.test(answer)) return undefined;
  const kind = field.toLowerCase();
  if (kind.includes('email')) return answer.match(EMAIL)?.[0] ?? spokenEmail(answer);
  if (/phone|mobile/.test(kind)) return answer.match(E164)?.[0];
  const value = answer
    .trim()
    .replace(/^(sure|yes|yeah|yep|ok|okay|well|of course|certainly)\b[\s,.!-]*/i, '')
    .replace(/^my\s+[a-z ]{1,40}?\s+(is|are)\s+/i, '')
    .replace(/^(it's|it is|that's|that is|that would be|i'm|i am)\s+/i, '')
    .replace(/[\s.!?]+$/, '')
    .trim();
  return value || undefined;
}

/** What a person says to be left alone: "don't call me again", "take me off your list", "stop calling". */
const OPT_OUT = /\b(do not|don't|never) (call|contact|ring) me\b|\b(take|remove) me (off|from)\b|\bstop calling\b|\bunsubscribe\b/i;

function sentimentOf(contactTexts: string[]): CallAnalysis['sentiment'] {
  let score = 0;
  for (const raw of contactTexts) {
    // Labels like `not_interested` read as the words they spell.
    const text = raw.replace(/[_-]+/g, ' ');
    score -= (text.match(NEGATIVE) ?? []).length;
    score += (text.replace(NEGATIVE, ' ').match(POSITIVE) ?? []).length;
  }
  return score > 0 ? 'positive' : score < 0 ? 'negative' : 'neutral';
}

/** The interviewer's question for one evaluation criterion (interview mode). */
export function criterionQuestion(criterion: string): string {
  return `Tell me about your experience with ${criterion}.`;
}

/** The question for one step: a criterion in interview mode, a field to capture in workflow mode. */
export const stepQuestion = (agent: InterviewProfile, step: string) => (agent.mode === 'workflow' ? fieldQuestion(step) : criterionQuestion(step));

const GENERIC_QUESTION = 'Tell me a little about yourself and what brings you here.';
const INTERVIEW_CLOSING = "Thank you, that's all my questions. Goodbye.";

export function interviewOpening(agent: InterviewProfile): string {
  return agent.opening.trim() || `Hello ${agent.candidateName}, thank you for joining. Let me know when you are ready to begin.`;
}

/** Words of a criterion too common to show that an answer is about it. */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** 1-5 from how much of an answer there is and whether it speaks to the criterion at all. */
function scoreAnswer(criterion: string, answer: string): { score: number; words: number; onTopic: boolean } {
  const words = answer.split(/\s+/).filter(Boolean).length;
  const terms = criterion.split(/[^A-Za-z0-9+#]+/).filter((t) => t.length > 1 && !MINOR_WORDS.has(t.toLowerCase()));
  const onTopic = terms.some((t) => new RegExp(`(?<![\\w])${escapeRegExp(t)}(?![\\w])`, 'i').test(answer));
  const base = words >= 40 ? 5 : words >= 20 ? 4 : words >= 8 ? 3 : 2;
  return { score: Math.min(5, base + (onTopic && base < 5 ? 1 : 0)), words, onTopic };
}

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 117).trimEnd()}...` : text);

function recommendationFor(overall: number): Recommendation {
  return overall >= 4 ? 'advance' : overall >= 3 ? 'hold' : 'decline';
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function listOf(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** What a person asks for when they want the agent to look something up (test number +442079460021 says it). */
export const LOOKUP_REQUEST = /\blook (something|it|that) up\b/i;

/** The simplest value a schema takes: the first enum value, "example", 1, true, an empty list, an object of its required properties. */
function simplestValue(schema: Record<string, unknown>): unknown {
  switch (schema.type) {
    case 'string':
      return (schema.enum as string[] | undefined)?.[0] ?? 'example';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    default: {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      return Object.fromEntries(((schema.required ?? []) as string[]).map((name) => [name, simplestValue(properties[name] ?? {})]));
    }
  }
}

/** What the agent says of a tool's outcome: a text result as it is (or its `answer`), any other result as JSON, an error as an apology. */
function toolAnswer(outcome: ToolOutcome): string {
  if (!outcome.ok) return `I'm sorry, I could not look that up: ${outcome.error}.`;
  const { result } = outcome;
  if (typeof result === 'string') return result;
  const answer = (result as { answer?: unknown } | null)?.answer;
  return typeof answer === 'string' ? answer : `Here is what I found: ${JSON.stringify(result)}.`;
}

/** What a person says to be called back the next day (test number +442079460022 says it): the hour and minute. */
export const CALLBACK_REQUEST = /\bcall me back tomorrow at (\d{1,2}):(\d{2})\b/i;
export const CALLBACK_AGREED = 'Of course, I will call you back then. Goodbye.';

/**
 * The scripted agent's callback: asked to be called back tomorrow at a time, it calls `callback`
 * with tomorrow's date where the person is (the tool's description gives today's) and that time;
 * once it is recorded, it agrees and says goodbye.
 */
function callbackTurn(tools: ToolSpec[] | undefined, transcript: Turn[]): AgentReply | undefined {
  const spec = tools?.find((t) => t.name === BUILT_IN_NAMES.callback);
  const last = transcript[transcript.length - 1];
  if (!spec || !last) return undefined;
  if (last.role === 'tool' && last.tool?.call.name === spec.name) {
    return last.tool.outcome.ok
      ? { text: CALLBACK_AGREED, done: true }
      : { text: `I'm sorry, I could not note that: ${last.tool.outcome.error}.`, done: false };
  }
  const asked = last.role === 'contact' ? CALLBACK_REQUEST.exec(last.text) : null;
  const today = /Today is (\d{4}-\d{2}-\d{2})/.exec(spec.description)?.[1];
  if (!asked || !today) return undefined;
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const time = `${asked[1]!.padStart(2, '0')}:${asked[2]}`;
  return { text: '', done: false, toolCalls: [{ id: `call_${transcript.length}`, name: spec.name, arguments: { date: tomorrow, time } }] };
}

/** What a person says to be put through: "could I speak to a person", "talk to a human". */
export const PERSON_REQUEST = /\b(speak|talk) (to|with) (a (real |actual )?(person|human)|someone|somebody)\b/i;
export const HANDOFF_LINE = "Of course, I'll put you through to a person now.";
const ACTIONS: readonly string[] = [BUILT_IN_NAMES.transfer, BUILT_IN_NAMES.keypad];

/** What the agent says when a transfer did not connect, by its reason (`busy: ...`). */
function transferFailedLine(error: string): string {
  const why = error.startsWith('busy:') ? 'the line was busy' : error.startsWith('no_answer:') ? 'nobody answered' : 'the call could not be put through';
  return `I'm sorry, I couldn't put you through: ${why}. I can carry on helping you myself.`;
}

/**
 * The scripted agent's own actions on the call: asked for a person, it says a hand-off line and
 * transfers to its first destination, with a summary for them; hearing a phone menu, it presses
 * the key of the option its instructions name ("reach sales").
 */
function actionTurn(agent: AgentProfile, transcript: Turn[]): AgentReply | undefined {
  const last = transcript[transcript.length - 1];
  if (last?.role !== 'contact') return undefined;
  const offered = (name: string) => agent.tools?.find((t) => t.name === name);
  const transfer = offered(BUILT_IN_NAMES.transfer);
  if (transfer && PERSON_REQUEST.test(last.text)) {
    const [destination] = ((transfer.parameters.properties as Record<string, { enum?: string[] }>).destination?.enum ?? []) as string[];
    const summary = `A caller asked to speak to a person. The agent was calling about: ${excerpt(agent.instructions)}`;
    return { text: HANDOFF_LINE, done: false, toolCalls: [{ id: `call_${transcript.length}`, name: transfer.name, arguments: { destination, summary } }] };
  }
  if (!offered(BUILT_IN_NAMES.keypad)) return undefined;
  const option = [...last.text.matchAll(/\b([0-9*#]) for (\w+)/gi)].find(([, , what]) =>
    new RegExp(`\\b${escapeRegExp(what!)}\\b`, 'i').test(agent.instructions),
  );
  return option
    ? { text: '', done: false, toolCalls: [{ id: `call_${transcript.length}`, name: BUILT_IN_NAMES.keypad, arguments: { digits: option[1] } }] }
    : undefined;
}

/**
 * The scripted agent's tool use: asked to look something up, it calls its first tool with the
 * simplest arguments its schema takes; given the tool's outcome, it says it.
 */
function toolTurn(tools: ToolSpec[] | undefined, transcript: Turn[]): AgentReply | undefined {
  const callback = callbackTurn(tools, transcript);
  if (callback) return callback;
  const last = transcript[transcript.length - 1];
  if (last?.role === 'tool' && last.tool?.call.name === BUILT_IN_NAMES.transfer && !last.tool.outcome.ok)
    return { text: transferFailedLine(last.tool.outcome.error), done: false };
  if (last?.role === 'tool' && last.tool) return { text: toolAnswer(last.tool.outcome), done: false };
  const [tool] = (tools ?? []).filter((t) => !ACTIONS.includes(t.name));
  if (!tool || last?.role !== 'contact' || !LOOKUP_REQUEST.test(last.text)) return undefined;
  const call = { id: `call_${transcript.length}`, name: tool.name, arguments: simplestValue(tool.parameters) };
  return { text: '', done: false, toolCalls: [call] };
}

/** The scripted interviewer's goodbye: with `end_call` offered, it says it and hangs up with the tool. */
function hangUp(tools: ToolSpec[] | undefined, text: string, transcript: Turn[]): AgentReply {
  const endCall = tools?.find((t) => t.name === BUILT_IN_NAMES.end_call);
  return endCall ? { text, done: false, toolCalls: [{ id: `call_${transcript.length}`, name: endCall.name, arguments: {} }] } : { text, done: true };
}

/** The scripted reply in word-sized chunks (each word with its following space), as a vendor streams. */
function wordStream(reply: () => Promise<AgentReply>): ReplyStream {
  let turn: AgentReply | undefined;
  const known = () => {
    if (turn === undefined) throw new Error('done() and toolCalls() are known only once the chunks are consumed');
    return turn;
  };
  return {
    chunks: (async function* () {
      const said = await reply();
      yield* said.text.match(/\S+\s*/g) ?? [];
      turn = said;
    })(),
    done: () => known().done,
    toolCalls: () => known().toolCalls ?? [],
  };
}

export class SimulatedLlm implements LlmProvider {
  readonly name = 'simulated';

  async reply(agent: AgentProfile, transcript: Turn[]): Promise<AgentReply> {
    const last = transcript[transcript.length - 1];
    if (last?.role === 'contact' && wantsToStop(last.text)) return { text: CLOSING_ON_STOP, done: true };

    const agentTurns = transcript.filter((t) => t.role === 'agent');
    if (agentTurns.length === 0) return { text: agent.greeting.trim() || DEFAULT_OPENING, done: false };
    const tool = actionTurn(agent, transcript) ?? toolTurn(agent.tools, transcript);
    if (tool) return tool;

    // Greeting, one question per field, the label question and the goodbye: never more than that.
    const cap = agent.requiredContactFields.length + 3;
    if (agentTurns.length + 1 >= cap) return { text: CLOSING, done: true };

    const answered = new Set<string>();
    transcript.forEach((turn, i) => {
      const field = turn.role === 'agent' ? fieldAskedBy(agent, turn.text) : undefined;
      if (field && answerTo(transcript, i) !== undefined) answered.add(field);
    });
    const next = agent.requiredContactFields.find((f) => !answered.has(f));
    if (next) return { text: fieldQuestion(next), done: false };

    const labels = agent.outcomeLabels;
    if (labels.length > 0 && !agentTurns.some((t) => t.text === labelQuestion(labels))) {
      return { text: labelQuestion(labels), done: false };
    }
    return { text: CLOSING, done: true };
  }

  streamReply(agent: AgentProfile, transcript: Turn[]): ReplyStream {
    return wordStream(() => this.reply(agent, transcript));
  }

  async analyzeCall(agent: AgentProfile, transcript: Turn[]): Promise<CallAnalysis> {
    if (transcript.length === 0) {
      return { summary: 'No conversation took place.', capturedFields: {}, sentiment: 'neutral', optOut: false };
    }

    const capturedFields: Record<string, string> = {};
    let labelAnswer: string | undefined;
    transcript.forEach((turn, i) => {
      if (turn.role !== 'agent') return;
      const answer = answerTo(transcript, i);
      if (answer === undefined) return;
      const field = fieldAskedBy(agent, turn.text);
      const value = field && extractValue(field, answer);
      if (field && value) capturedFields[field] = value;
      if (agent.outcomeLabels.length > 0 && turn.text === labelQuestion(agent.outcomeLabels)) labelAnswer = answer;
    });

    const contactTexts = transcript.filter((t) => t.role === 'contact').map((t) => t.text);
    // The answer to the label question decides; otherwise the latest contact turn naming a label.
    const outcome =
      (labelAnswer !== undefined ? labelIn(agent.outcomeLabels, labelAnswer) : undefined) ??
      [...contactTexts]
        .reverse()
        .map((t) => labelIn(agent.outcomeLabels, t))
        .find((l) => l !== undefined);

    const captured = agent.requiredContactFields.filter((f) => f in capturedFields).map(readableField);
    const agentCount = transcript.filter((t) => t.role === 'agent').length;
    const summary =
      `The conversation had ${plural(transcript.length, 'turn')}: ${agentCount} from the agent and ${contactTexts.length} from the contact. ` +
      (captured.length > 0 ? `The contact provided ${listOf(captured)}` : 'No contact details were captured') +
      (outcome ? `; outcome: ${outcome}.` : '.');

    return {
      ...(outcome ? { outcome } : {}),
      summary,
      capturedFields,
      sentiment: sentimentOf(contactTexts),
      optOut: contactTexts.some((t) => OPT_OUT.test(t)),
    };
  }

  async interviewReply(agent: InterviewProfile, transcript: Turn[]): Promise<AgentReply> {
    const agentTexts = transcript.filter((t) => t.role === 'agent').map((t) => t.text);
    if (agentTexts.length === 0) return { text: interviewOpening(agent), done: false };
    const last = transcript[transcript.length - 1];
    if (last?.role === 'contact' && wantsToStop(last.text)) return hangUp(agent.tools, CLOSING_ON_STOP, transcript);
    const tool = toolTurn(agent.tools, transcript);
    if (tool) return tool;
    const steps = agent.evaluationCriteria.length > 0 ? agent.evaluationCriteria.map((c) => stepQuestion(agent, c)) : [GENERIC_QUESTION];
    const next = steps.find((q) => !agentTexts.includes(q));
    return next ? { text: next, done: false } : hangUp(agent.tools, INTERVIEW_CLOSING, transcript);
  }

  streamInterviewReply(agent: InterviewProfile, transcript: Turn[]): ReplyStream {
    return wordStream(() => this.interviewReply(agent, transcript));
  }

  async analyzeInterview(agent: InterviewProfile, transcript: Turn[]): Promise<InterviewEvaluation | WorkflowOutcome> {
    const answers = new Map<string, string>();
    transcript.forEach((turn, i) => {
      const answer = turn.role === 'agent' ? answerTo(transcript, i) : undefined;
      const step = agent.evaluationCriteria.find((c) => stepQuestion(agent, c) === turn.text);
      if (step && answer !== undefined && !wantsToStop(answer)) answers.set(step, answer);
    });
    const candidateTurns = transcript.filter((t) => t.role === 'contact').length;
    const conversation = `The interview with ${agent.candidateName} had ${plural(transcript.length, 'turn')}, ${candidateTurns} from the candidate.`;

    if (agent.mode === 'workflow') {
      const capturedFields: Record<string, string> = {};
      for (const [field, answer] of answers) {
        const value = extractValue(field, answer);
        if (value) capturedFields[field] = value;
      }
      const captured = agent.evaluationCriteria.filter((f) => f in capturedFields);
      const outcome = captured.length === agent.evaluationCriteria.length && transcript.length > 0 ? 'completed' : 'incomplete';
      const summary = `${conversation} ${captured.length > 0 ? `The candidate provided ${listOf(captured.map(readableField))}.` : 'No answers were captured.'}`;
      return { family: 'workflow', outcome, summary, capturedFields };
    }

    const evaluations: CriterionEvaluation[] = agent.evaluationCriteria.map((criterion) => {
      const answer = answers.get(criterion);
      if (answer === undefined) return { criterion, score: 1, rationale: `The candidate did not answer the question on ${criterion}.` };
      const { score, words, onTopic } = scoreAnswer(criterion, answer);
      const topic = onTopic ? `, addressing ${criterion} directly` : `, without naming ${criterion}`;
      return { criterion, score, rationale: `Answered in ${plural(words, 'word')}${topic}: "${excerpt(answer)}"` };
    });
    const total = evaluations.reduce((sum, e) => sum + e.score, 0);
    const overallScore = evaluations.length > 0 ? Math.round((total / evaluations.length) * 10) / 10 : 0;
    const answered = evaluations.filter((e) => answers.has(e.criterion)).length;
    return {
      family: 'interview',
      // An agent without criteria asked nothing to score: saying so, not "0 of 0; score 0 of 5".
      summary:
        evaluations.length > 0
          ? `${conversation} They answered ${answered} of ${plural(evaluations.length, 'question')}; overall score ${overallScore} of 5.`
          : `${conversation} The agent has no evaluation criteria, so no answer was scored.`,
      evaluations,
      overallScore,
      recommendation: evaluations.length > 0 ? recommendationFor(overallScore) : 'hold',
      strengths: evaluations.filter((e) => e.score >= 4).map((e) => e.criterion),
      concerns: evaluations.filter((e) => e.score <= 2).map((e) => e.criterion),
    };
  }
}
