import { Type, type Static } from '@sinclair/typebox';
import { placeholders, type AgentRecord } from '../../domain/agents';
import { turnTakingOf } from '../../conversation/turnSettings';
import { LLM_VENDORS, STT_VENDORS, TTS_VENDORS } from '../../providers/vendors';
import { Id, Name, NameOrEmpty, NonBlank, PageQuery, StringEnum, Timestamp } from './common';
import { Tool, ToolsInput } from './tools';

export const AGENT_TYPES = ['phone', 'voice'] as const;
export const AGENT_MODES = ['interview', 'workflow'] as const;
export const VOICEMAIL_BEHAVIORS = ['hangup', 'leave_message', 'mark_no_answer'] as const;
export const DIRECTIONS = ['outbound', 'inbound', 'both'] as const;
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;

const text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });
const labels = (description: string) => Type.Array(NonBlank(100), { maxItems: 50, uniqueItems: true, description });
const Language = Type.String({
  pattern: '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$',
  maxLength: 35,
  description: 'BCP 47 tag such as `en-US`, `fr` or `es-MX`. Default `en-US`.',
});

/** What the people an agent talks to see, rather than its internal `name` ("Support engineer screener"). */
const DisplayName = NameOrEmpty(200, 'The name candidates see on the interview page, e.g. `Acme Recruiting`; empty or absent: they see `name`.');

const ProvidersInput = Type.Object(
  {
    llm: Type.Optional(StringEnum(LLM_VENDORS, { description: 'Voice LLM vendor.' })),
    stt: Type.Optional(
      StringEnum([...STT_VENDORS, 'local'], {
        description: 'Speech-to-text vendor, or `local` (the offline Whisper tiny.en engine of this server, English only).',
      }),
    ),
    tts: Type.Optional(
      StringEnum([...TTS_VENDORS, 'local'], { description: 'Text-to-speech vendor, or `local` (the offline Piper voice of this server, English only).' }),
    ),
  },
  { additionalProperties: false, description: 'Overrides of the server defaults; omitted kinds use the server configuration.' },
);

const PhoneFields = {
  direction: StringEnum(DIRECTIONS),
  greeting: text(2000, 'First sentence the agent says when the callee answers.'),
  fallback: text(2000, 'What the agent says when it cannot help.'),
  voicemailBehavior: StringEnum(VOICEMAIL_BEHAVIORS),
  machineDetection: Type.Boolean({
    description:
      'Our own answering-machine detection on outbound calls whose audio runs through our speech pipeline (Media Streams, the simulated audio line; not `TWILIO_SPEECH=relay`). Default false. ' +
      'When on, the agent listens to the first seconds before its greeting and decides who answered (the call’s `answeredBy`): a person hears the greeting, after the `Hello?` they said; ' +
      'a voicemail greeting is handled per `voicemailBehavior` (`leave_message`: the agent waits for the beep, or for the greeting’s end when there is none, says the `greeting` as its message and hangs up); ' +
      'a phone menu is hung up on (disposition `no_answer`; the agent does not navigate it); a call-screening assistant hears once who is calling and why (`displayName` or `name`, the organization’s name and the agent’s `description`), and the person who then picks up hears the greeting. ' +
      'A person who answers and says nothing is taken as a person after 3.5 s. Accuracy and time to decision: docs/voice.md.',
  }),
  maxAttempts: Type.Integer({
    minimum: 1,
    maximum: 5,
    description:
      'Default 1. Stored and returned as the contract defines it, and used by nothing: a call placed with `POST /calls` is one attempt, and a campaign retries by its own `settings.retryLimit` (default 3), not by its agent’s.',
  }),
  retryDelayMinutes: Type.Integer({
    minimum: 1,
    maximum: 10080,
    description: 'Default 60. Stored and returned, and used by nothing: a campaign waits its own `settings.retryDelayMinutes` between attempts.',
  }),
  requiredContactFields: labels('Fields the agent must collect from the callee.'),
  outcomeLabels: labels('Outcomes the report may assign to a call.'),
  recordCalls: Type.Boolean({
    description:
      'Record this agent’s calls (both sides, as a stereo WAV served by `GET /calls/{id}/recording`). Default false. ' +
      'Recording a phone call is regulated: you are responsible for telling the people called that they are recorded (e.g. in the `greeting`) and for obtaining consent where the law requires it, including two-party (all-party) consent jurisdictions. Recordings are deleted after the organization’s retention period.',
  }),
};

const VoiceFields = {
  goal: text(2000),
  opening: text(2000, 'What the agent says first in an interview.'),
  evaluationStyle: text(2000),
  evaluationCriteria: Type.Array(NonBlank(500), { maxItems: 20, uniqueItems: true }),
  difficulty: StringEnum(DIFFICULTIES),
};

const TurnTakingFields = {
  completeThreshold: Type.Number({
    minimum: 0,
    maximum: 1,
    description:
      'The turn model’s probability that the contact finished, at or above which a pause ends their turn. Default 0.5 for phone agents, 0.7 for voice agents.',
  }),
  maxWaitMs: Type.Integer({
    minimum: 0,
    maximum: 10000,
    description: 'The longest quiet the agent waits for a contact the turn model judged mid-sentence. Default 1500 for phone agents, 3000 for voice agents.',
  }),
  interruptMs: Type.Integer({
    minimum: 100,
    maximum: 10000,
    description:
      'Speech over the agent this long interrupts it before any word is recognised. Default: the server’s VOICE_BARGE_IN_MS (800) for phone agents, 1200 for voice agents.',
  }),
  interruptWords: Type.Integer({
    minimum: 1,
    maximum: 20,
    description: 'Recognised words over the agent (other than backchannels) that interrupt it. Default 1 for phone agents, 2 for voice agents.',
  }),
  backchannels: Type.Array(NonBlank(50), {
    maxItems: 50,
    uniqueItems: true,
    description:
      'Phrases that acknowledge the agent and never interrupt it, matched ignoring case, punctuation and spacing. Default: the server’s VOICE_BACKCHANNELS.',
  }),
};
const TurnTakingInput = Type.Partial(Type.Object(TurnTakingFields), {
  additionalProperties: false,
  description: 'Who is speaking and when a turn ends (docs/voice.md); omitted fields keep their defaults.',
});

const PhoneInput = Type.Partial(Type.Object(PhoneFields), { additionalProperties: false, description: 'Phone agents only.' });
const VoiceInput = Type.Partial(Type.Object(VoiceFields), { additionalProperties: false, description: 'Voice agents only.' });

export const CreateAgentBody = Type.Object(
  {
    type: Type.Optional(StringEnum(AGENT_TYPES, { description: 'Default `phone`.' })),
    name: Name(200, 'Unique in the organization, ignoring case.'),
    description: Type.Optional(text(2000)),
    displayName: Type.Optional(DisplayName),
    instructions: NonBlank(20000, 'System prompt. `{{name}}` placeholders must be filled by the `variables` of each call.'),
    mode: Type.Optional(StringEnum(AGENT_MODES, { description: 'Voice agents only; default `interview`.' })),
    language: Type.Optional(Language),
    sector: Type.Optional(text(200)),
    maxDurationMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 120, description: 'Default 15.' })),
    providers: Type.Optional(ProvidersInput),
    tools: Type.Optional(ToolsInput),
    phone: Type.Optional(PhoneInput),
    voice: Type.Optional(VoiceInput),
    turnTaking: Type.Optional(TurnTakingInput),
  },
  {
    additionalProperties: false,
    title: 'agent_create',
    // The other type's blocks are refused, not ignored; saying it here puts it in the document too.
    if: { properties: { type: { const: 'voice' } }, required: ['type'] },
    then: { properties: { phone: false } },
    else: { properties: { voice: false, mode: false } },
  },
);
export type CreateAgentBody = Static<typeof CreateAgentBody>;

export const UpdateAgentBody = Type.Object(
  {
    name: Type.Optional(Name(200)),
    description: Type.Optional(text(2000)),
    displayName: Type.Optional(DisplayName),
    instructions: Type.Optional(NonBlank(20000)),
    language: Type.Optional(Language),
    sector: Type.Optional(text(200)),
    maxDurationMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 120 })),
    providers: Type.Optional(ProvidersInput),
    tools: Type.Optional(ToolsInput),
    phone: Type.Optional(PhoneInput),
    voice: Type.Optional(VoiceInput),
    turnTaking: Type.Optional(TurnTakingInput),
    type: Type.Optional(Type.Never({ description: 'Cannot be changed after creation.' })),
    mode: Type.Optional(Type.Never({ description: 'Cannot be changed after creation.' })),
  },
  {
    additionalProperties: false,
    title: 'agent_update',
    description: 'Only supplied fields change; `phone`, `voice`, `turnTaking` and `providers` merge field by field.',
  },
);
export type UpdateAgentBody = Static<typeof UpdateAgentBody>;

export const ListAgentsQuery = Type.Object(
  {
    type: StringEnum(AGENT_TYPES, { default: 'phone', description: 'Default `phone`.' }),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type ListAgentsQuery = Static<typeof ListAgentsQuery>;

export const Agent = Type.Object(
  {
    id: Id,
    object: Type.Literal('agent'),
    type: StringEnum(AGENT_TYPES),
    name: Type.String(),
    description: Type.String(),
    displayName: Type.String({ description: 'The name candidates see on the interview page; empty: they see `name`.' }),
    mode: Type.Optional(StringEnum(AGENT_MODES, { description: 'Present on voice agents only.' })),
    language: Type.String(),
    sector: Type.String(),
    maxDurationMinutes: Type.Integer(),
    instructions: Type.String(),
    variables: Type.Array(Type.String(), { description: 'The `{{placeholders}}` found in `instructions`, which calls must fill.' }),
    providers: Type.Object(
      { llm: Type.String(), stt: Type.String(), tts: Type.String() },
      { description: 'What the agent will actually use: its overrides, else the server defaults (`simulated` or `local` when no vendor is configured).' },
    ),
    tools: Type.Array(Tool, { description: 'What the agent can do while it talks, every default filled.' }),
    phone: Type.Optional(Type.Object(PhoneFields, { description: 'Present on phone agents only, with every default filled.' })),
    voice: Type.Optional(Type.Object(VoiceFields, { description: 'Present on voice agents only, with every default filled.' })),
    turnTaking: Type.Object(
      { ...TurnTakingFields, interruptMs: Type.Optional(TurnTakingFields.interruptMs), backchannels: Type.Optional(TurnTakingFields.backchannels) },
      { description: 'The agent’s settings over its type’s defaults; `interruptMs` and `backchannels` are absent where the server’s apply.' },
    ),
    sessionsCount: Type.Integer({ description: 'Calls or interviews run with this agent.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'agent' },
);
export type Agent = Static<typeof Agent>;

export const DeletedAgent = Type.Object({ id: Id, object: Type.Literal('agent'), deleted: Type.Literal(true) }, { title: 'agent_deleted' });

export const PHONE_DEFAULTS = {
  direction: 'outbound',
  greeting: '',
  fallback: '',
  voicemailBehavior: 'hangup',
  machineDetection: false,
  maxAttempts: 1,
  retryDelayMinutes: 60,
  requiredContactFields: [] as string[],
  outcomeLabels: [] as string[],
  recordCalls: false,
};

export const VOICE_DEFAULTS = {
  goal: '',
  opening: '',
  evaluationStyle: '',
  evaluationCriteria: [] as string[],
  difficulty: 'medium',
};

/** `defaults`: the providers of an agent that names none. */
export function agentRepresentation(doc: AgentRecord, defaults: { llm: string; stt: string; tts: string }): Agent {
  const overrides = doc.providers ?? {};
  return {
    id: String(doc._id),
    object: 'agent' as const,
    type: doc.type,
    name: doc.name,
    description: doc.description ?? '',
    displayName: doc.displayName ?? '',
    ...(doc.type === 'voice' ? { mode: doc.mode } : {}),
    language: doc.language,
    sector: doc.sector ?? '',
    maxDurationMinutes: doc.maxDurationMinutes,
    instructions: doc.instructions,
    variables: placeholders(doc.instructions),
    providers: {
      llm: overrides.llm ?? defaults.llm,
      stt: overrides.stt ?? defaults.stt,
      tts: overrides.tts ?? defaults.tts,
    },
    tools: doc.tools ?? [],
    ...(doc.type === 'phone' ? { phone: { ...PHONE_DEFAULTS, ...doc.phone } as Agent['phone'] } : {}),
    ...(doc.type === 'voice' ? { voice: { ...VOICE_DEFAULTS, ...doc.voice } as Agent['voice'] } : {}),
    turnTaking: turnTakingOf(doc),
    sessionsCount: doc.sessionsCount ?? 0,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
