import { BUILT_IN_NAMES } from '../../models/agent';
import type { AgentProfile, Turn } from '../llm/interface';
import { escapeRegExp, labelIn, readableField } from '../llm/simulated';
import { SCREENED_PERSON_HELLO } from './answeringLines';
import { scenarioOf } from './testNumbers';

/**
 * The simulated callee. Every answer is a pure function of the profile, the transcript and the
 * seed (the dialled number), so the same number always plays the same person and a replayed call
 * hears the same words. Values are fictitious: example.com addresses, +1 415 555 01xx numbers.
 */

const FIRST_NAMES = ['Alice', 'Bruno', 'Chen', 'Dana', 'Elif', 'Farid', 'Grace', 'Hugo'];
const LAST_NAMES = ['Martin', 'Okafor', 'Tanaka', 'Silva', 'Novak', 'Larsen', 'Haddad', 'Kim'];
const COMPANIES = ['Northwind Traders', 'Acme Logistics', 'Bluebird Dental', 'Contoso Ltd', 'Globex Supplies', 'Fabrikam Inc'];
const CITIES = ['Lisbon', 'Denver', 'Osaka', 'Leeds', 'Toronto', 'Nairobi'];
const COUNTRIES = ['Portugal', 'United States', 'Japan', 'United Kingdom', 'Canada', 'Kenya'];
const STREETS = ['Harbor Street', 'Maple Avenue', 'Station Road', 'Elm Lane', 'Mill Court'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
const LANGUAGES = ['English', 'Spanish', 'French', 'Portuguese', 'German', 'Japanese'];
const JOB_TITLES = ['operations manager', 'nurse', 'software engineer', 'teacher', 'accountant'];

/** FNV-1a: tiny, stable across runs and platforms. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const pick = <T>(items: readonly T[], seed: string, salt: string): T => items[hash(`${seed}:${salt}`) % items.length];
const number = (seed: string, salt: string, min: number, span: number) => min + (hash(`${seed}:${salt}`) % span);
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The persona's answer to a question about `field`, phrased the way a person would say it. */
function answerFor(field: string, seed: string): string {
  const key = field.toLowerCase().replace(/[^a-z]/g, '');
  const readable = readableField(field);
  const first = pick(FIRST_NAMES, seed, 'first');
  const last = pick(LAST_NAMES, seed, 'last');
  const words = readable.split(' ');
  const mine = (value: string) => `My ${readable} is ${value}.`;

  // Order matters: `emailAddress` is an email, `companyName` a company, before the generic words.
  if (key.includes('email')) return `It's ${first.toLowerCase()}.${last.toLowerCase()}@example.com.`;
  if (/phone|mobile/.test(key) || words.includes('tel')) return `It's +141555501${pad2(number(seed, 'phone', 0, 100))}.`;
  if (/firstname|givenname/.test(key)) return mine(first);
  if (/lastname|surname|familyname/.test(key)) return mine(last);
  if (/company|organi[sz]ation|employer|business/.test(key)) return mine(pick(COMPANIES, seed, 'company'));
  if (/city|town/.test(key)) return mine(pick(CITIES, seed, 'city'));
  if (key.includes('country')) return mine(pick(COUNTRIES, seed, 'country'));
  if (/zip|postcode|postalcode/.test(key)) return mine(String(number(seed, 'zip', 10000, 90000)));
  if (/address|street/.test(key)) return mine(`${number(seed, 'house', 1, 200)} ${pick(STREETS, seed, 'street')}`);
  if (/birth|dob/.test(key)) {
    return mine(`${number(seed, 'year', 1960, 40)}-${pad2(number(seed, 'month', 1, 12))}-${pad2(number(seed, 'day', 1, 28))}`);
  }
  if (words.includes('date') || words.includes('day')) return mine(`next ${pick(WEEKDAYS, seed, 'weekday')}`);
  if (key.includes('name')) return mine(`${first} ${last}`);
  if (words.some((w) => ['title', 'role', 'job', 'position'].includes(w))) return mine(pick(JOB_TITLES, seed, 'job'));
  if (words.includes('language')) return mine(pick(LANGUAGES, seed, 'language'));
  if (words.includes('age')) return mine(String(number(seed, 'age', 21, 60)));
  return `It's ${readable.replace(/ /g, '-')}-${number(seed, key, 1000, 9000)}.`;
}

/** The required field an agent's turn asks about: the longest field name it mentions, so "first name" beats "name". */
function askedField(profile: AgentProfile, text: string): string | undefined {
  const lower = text.toLowerCase();
  return profile.requiredContactFields
    .filter((f) => new RegExp(`\\b${escapeRegExp(readableField(f))}\\b`).test(lower))
    .sort((a, b) => readableField(b).length - readableField(a).length)[0];
}

/** The agent offers the labels when it names at least two of them (or the only one). */
function offersLabels(profile: AgentProfile, text: string): boolean {
  const labels = profile.outcomeLabels;
  const named = labels.filter((l) => labelIn([l], text) !== undefined).length;
  return labels.length > 0 && named >= Math.min(2, labels.length);
}

const outcomeAnswer = (profile: AgentProfile, seed: string) => `I'd say ${pick(profile.outcomeLabels, seed, 'outcome')}.`;

/** What the phone menu of +442079460033 says until a key of it is pressed. */
export const PHONE_MENU = 'Thank you for calling Northwind Traders. Press 1 for sales, 2 for support.';
const MENU_PEOPLE: Record<string, string> = { '1': 'Sales, this is Sam speaking. How can I help?', '2': 'Support, this is Kim speaking. How can I help?' };
/** A menu nobody answers hangs up after saying itself this many times. */
const MENU_REPEATS = 3;

/** The keys a turn pressed (the keypad tool, answered), or undefined. */
function pressed(turn: Turn | undefined): string | undefined {
  const tool = turn?.role === 'tool' ? turn.tool : undefined;
  if (tool?.call.name !== BUILT_IN_NAMES.keypad || !tool.outcome.ok) return undefined;
  return (tool.outcome.result as { pressed?: string }).pressed;
}

/** The callee speaks next after the agent's turn, and after keys it pressed (the menu answers them); after any other tool the agent does. */
export const contactSpeaksAfter = (turn: Turn | undefined) => turn?.role === 'agent' || pressed(turn) !== undefined;

/**
 * The phone menu: it says itself until a key of it is pressed, then the person of that key
 * answers and the persona goes on as any callee; undefined once the person has spoken.
 */
function menuReply(transcript: Turn[]): { text: string; hangUp: boolean } | undefined {
  const keyTurn = transcript.map((t) => pressed(t) !== undefined).lastIndexOf(true);
  const person = keyTurn < 0 ? undefined : MENU_PEOPLE[pressed(transcript[keyTurn])!.replace(/w/g, '').slice(-1)];
  if (person) return transcript.slice(keyTurn + 1).some((t) => t.role === 'contact') ? undefined : { text: person, hangUp: false };
  const menus = transcript.filter((t) => t.role === 'contact').length;
  if (menus >= MENU_REPEATS) return { text: 'Goodbye.', hangUp: true };
  return { text: keyTurn < 0 ? PHONE_MENU : `That is not an option. ${PHONE_MENU}`, hangUp: false };
}

export function personaReply(profile: AgentProfile, transcript: Turn[], seed: string): { text: string; hangUp: boolean } {
  const last = transcript[transcript.length - 1];
  if (!last) return { text: 'Hello?', hangUp: false };
  const menu = scenarioOf(seed) === 'phone_menu' ? menuReply(transcript) : undefined;
  if (menu) return menu;
  if (last.role !== 'agent') return { text: 'Yes, go ahead.', hangUp: false };
  // The opt-out test number: the analysis must hear the request in the words, not in the number.
  if (scenarioOf(seed) === 'asks_to_be_removed') return { text: 'Please take me off your list and do not call me again.', hangUp: true };

  // A screened call: the person picks up once the screener heard who is calling.
  if (scenarioOf(seed) === 'call_screener' && transcript.filter((t) => t.role === 'contact').length === 1)
    return { text: SCREENED_PERSON_HELLO, hangUp: false };
  if (/\b(goodbye|bye)\b/i.test(last.text)) return { text: 'Goodbye.', hangUp: true };
  // The callback test number asks to be called back, as its first words.
  if (scenarioOf(seed) === 'asks_for_callback' && !transcript.some((t) => t.role === 'contact'))
    return { text: 'Could you call me back tomorrow at 10:00, please?', hangUp: false };
  // The person-seeking test number asks for a transfer as its first words.
  if (scenarioOf(seed) === 'asks_for_a_person' && !transcript.some((t) => t.role === 'contact'))
    return { text: 'Could I speak to a person, please?', hangUp: false };
  // The lookup test number asks the agent to use its tool, once, as its first words.
  if (scenarioOf(seed) === 'asks_for_lookup' && !transcript.some((t) => t.role === 'contact'))
    return { text: 'Could you look something up for me, please?', hangUp: false };
  const field = askedField(profile, last.text);
  if (field) return { text: answerFor(field, seed), hangUp: false };
  if (offersLabels(profile, last.text)) return { text: outcomeAnswer(profile, seed), hangUp: false };
  return { text: 'Yes, go ahead.', hangUp: false };
}

/**
 * The key the persona presses instead of speaking, when the agent's turn asks for a field named
 * as a digit (`optionDigit`: "your option digit"), as a person answers a keypad prompt: one digit,
 * the same for the same number every time. Undefined for any other turn.
 */
export function keypadAnswer(profile: AgentProfile, text: string, seed: string): string | undefined {
  const field = askedField(profile, text);
  if (!field || !readableField(field).split(' ').includes('digit')) return undefined;
  return String(number(seed, `${field}:digit`, 0, 10));
}

/**
 * What the callee says over the agent, if anything, on a line that carries audio: once the agent's
 * turn, heard so far, names one of several outcome labels, the persona knows its choice and cuts
 * in with it rather than hear the rest.
 */
export function bargeInReply(profile: AgentProfile, heard: string, seed: string): string | undefined {
  if (profile.outcomeLabels.length < 2 || labelIn(profile.outcomeLabels, heard) === undefined) return undefined;
  return outcomeAnswer(profile, seed);
}

const CALLER_QUESTIONS = [
  'Hi, I was wondering what your opening hours are this week?',
  'Hello, could you tell me how I can change my appointment?',
  'Hi there, I wanted to ask whether you deliver to my area.',
  'Hello, can you tell me what I need to bring to my first visit?',
];

/**
 * The simulated caller of a test call to one of our numbers: after the agent's greeting it asks one
 * question, hears the answer, thanks the agent and hangs up. A pure function of the transcript and
 * the caller's number, like the callee's; the opt-out test number asks to be removed instead.
 */
export function callerReply(transcript: Turn[], seed: string): { text: string; hangUp: boolean } {
  const agentTurns = transcript.filter((t) => t.role === 'agent').length;
  if (scenarioOf(seed) === 'asks_to_be_removed') return { text: 'Please take my number off your list and do not call me again.', hangUp: true };
  if (agentTurns <= 1) return { text: pick(CALLER_QUESTIONS, seed, 'question'), hangUp: false };
  return { text: "That's all I needed, thank you. Goodbye.", hangUp: true };
}
