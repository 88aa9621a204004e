/**
 * The fields of an agent, for creating one and editing it, in sections: what it is, how it thinks,
 * hears and speaks, then the phone or the voice settings. Lists are typed one item per line. The
 * body is checked against the API's schema before it is sent; the API checks it again.
 */
import { createAgent, updateAgent } from 'api-schemas';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { useGet } from '../hooks';
import type { ApiError, Page } from '../http';
import { href } from '../routes';
import { currentSession } from '../session';
import { CREDENTIAL_KINDS, type Agent, type ProviderCredential } from '../types';
import { CheckField, Choice, Field, FormActions, FormError } from '../ui';
import { lines, typedNumber, validated } from '../validate';
import { TOOL_FORMATS, ToolsEditor, toolDrafts, toolsBody, type ToolDraft } from './AgentTools';
import { TURN_PARAMS, TurnTakingFields, turnFieldsOf, turnTakingBody, type TurnFields } from './TurnTaking';

export interface AgentFields {
  type: 'phone' | 'voice';
  name: string;
  displayName: string;
  instructions: string;
  language: string;
  maxDurationMinutes: string;
  greeting: string;
  fallback: string;
  voicemailBehavior: string;
  maxAttempts: string;
  requiredContactFields: string;
  outcomeLabels: string;
  goal: string;
  opening: string;
  evaluationCriteria: string;
  difficulty: string;
  recordCalls: boolean;
  machineDetection: boolean;
  turn: TurnFields;
  llm: string;
  stt: string;
  tts: string;
  tools: ToolDraft[];
}

export function fieldsOf(agent?: Agent): AgentFields {
  return {
    type: agent?.type ?? 'phone',
    name: agent?.name ?? '',
    displayName: agent?.displayName ?? '',
    instructions: agent?.instructions ?? '',
    language: agent?.language ?? 'en-US',
    maxDurationMinutes: String(agent?.maxDurationMinutes ?? 15),
    greeting: agent?.phone?.greeting ?? '',
    fallback: agent?.phone?.fallback ?? '',
    voicemailBehavior: agent?.phone?.voicemailBehavior ?? 'hangup',
    maxAttempts: String(agent?.phone?.maxAttempts ?? 1),
    requiredContactFields: agent?.phone?.requiredContactFields.join('\n') ?? '',
    outcomeLabels: agent?.phone?.outcomeLabels.join('\n') ?? '',
    goal: agent?.voice?.goal ?? '',
    opening: agent?.voice?.opening ?? '',
    evaluationCriteria: agent?.voice?.evaluationCriteria.join('\n') ?? '',
    difficulty: agent?.voice?.difficulty ?? 'medium',
    recordCalls: agent?.phone?.recordCalls ?? false,
    machineDetection: agent?.phone?.machineDetection ?? false,
    turn: turnFieldsOf(agent),
    // '' is the service's default; an agent's providers read back as what it will use.
    llm: agent?.providers.llm ?? '',
    stt: agent?.providers.stt ?? '',
    tts: agent?.providers.tts ?? '',
    tools: toolDrafts(agent),
  };
}

const FORMATS = { 'body.language': 'Use a language tag such as en-US, fr or es-MX.', ...TOOL_FORMATS };

/**
 * The body for POST /agents (with `type`) or PATCH /agents/{id} (without, `initial` being the
 * agent's fields), checked against the API's schema: a provider is sent only when chosen, so an
 * agent left on the service's default follows it.
 */
export function agentBody(f: AgentFields, initial?: AgentFields) {
  const providers = Object.fromEntries(CREDENTIAL_KINDS.filter((kind) => f[kind] !== '' && f[kind] !== initial?.[kind]).map((kind) => [kind, f[kind]]));
  const common = {
    name: f.name,
    ...(f.type === 'voice' ? { displayName: f.displayName } : {}),
    instructions: f.instructions,
    language: f.language,
    maxDurationMinutes: typedNumber(f.maxDurationMinutes),
    ...(Object.keys(providers).length ? { providers } : {}),
    ...withTurnTaking(turnTakingBody(f.turn, initial?.turn)),
  };
  const tools = toolsBody(f.tools);
  const settings =
    f.type === 'phone'
      ? {
          tools: tools.tools,
          phone: {
            greeting: f.greeting,
            fallback: f.fallback,
            voicemailBehavior: f.voicemailBehavior,
            maxAttempts: typedNumber(f.maxAttempts),
            requiredContactFields: lines(f.requiredContactFields),
            outcomeLabels: lines(f.outcomeLabels),
            recordCalls: f.recordCalls,
            machineDetection: f.machineDetection,
          },
        }
      : { tools: tools.tools, voice: { goal: f.goal, opening: f.opening, evaluationCriteria: lines(f.evaluationCriteria), difficulty: f.difficulty } };
  return initial
    ? validated(updateAgent, { ...common, ...settings }, FORMATS, tools.problems)
    : validated(createAgent, { type: f.type, ...common, ...settings }, FORMATS, tools.problems);
}

const withTurnTaking = (turnTaking: Record<string, unknown> | undefined) => (turnTaking ? { turnTaking } : {});

const KIND_NAMES = { llm: 'Language model', stt: 'Speech to text', tts: 'Voice (text to speech)' } as const;
const KIND_HINTS = {
  llm: 'What understands the caller and decides what to say.',
  stt: 'What turns the caller’s speech into text. local: this server’s offline engine, English only.',
  tts: 'What speaks the agent’s words. local: this server’s offline voice, English only.',
} as const;

interface ProviderChoices {
  /** Each kind's vendors as the API's published agent schema lists them. */
  vendors: Record<(typeof CREDENTIAL_KINDS)[number], string[]>;
  /** The organization's own credentials (admins only: members cannot read them). */
  credentials: ProviderCredential[] | undefined;
}

interface OpenApi {
  paths: Record<
    string,
    { post?: { requestBody: { content: Record<string, { schema: { properties: { providers: { properties: Record<string, { enum: string[] }> } } } }> } } }
  >;
}

function useProviderChoices(): ProviderChoices | undefined {
  const admin = currentSession()?.user.role === 'admin';
  const document = useGet<OpenApi>('/openapi.json').data;
  const credentials = useGet<Page<ProviderCredential>>(admin ? '/dashboard/provider-credentials' : null).data?.data;
  const providers = document?.paths['/agents']?.post?.requestBody.content['application/json']?.schema.properties.providers.properties;
  if (!providers) return undefined;
  return { vendors: { llm: providers.llm?.enum ?? [], stt: providers.stt?.enum ?? [], tts: providers.tts?.enum ?? [] }, credentials };
}

/** "mistral: your key is verified" beside a vendor, from the organization's credential of that kind. */
function vendorLabel(vendor: string, kind: (typeof CREDENTIAL_KINDS)[number], credentials: ProviderCredential[] | undefined): string {
  if (vendor === 'local') return 'local (this server’s offline engine)';
  const own = credentials?.find((c) => c.kind === kind && c.provider === vendor);
  if (!credentials) return vendor;
  if (!own) return `${vendor}: no key of your organization`;
  return own.verified ? `${vendor}: your key is verified` : `${vendor}: your key is not verified`;
}

/** Where a phone or a voice agent runs on the simulated model, said plainly, with the way out. */
export function SimulatedNote(props: { llm: string }) {
  if (props.llm !== 'simulated') return null;
  return (
    <p class="note" data-testid="simulated-note">
      This agent runs on the <strong>simulated model</strong>: it answers from a fixed script and does not follow your instructions. To hear them followed,
      choose a language model vendor below that this service has a key for (its operator sets, for example, MISTRAL_API_KEY), or add your organization’s own key
      under <a href={href('/credentials')}>Provider credentials</a> and use it with a BYOK API key.
    </p>
  );
}

export function AgentForm(props: {
  initial: AgentFields;
  creating: boolean;
  error?: ApiError;
  busy: boolean;
  submitLabel: string;
  onSubmit: (fields: AgentFields) => void;
  children?: ComponentChildren;
}) {
  const [f, setF] = useState(props.initial);
  const choices = useProviderChoices();
  const error = props.error;
  const text = (name: keyof AgentFields) => (c: object) => (
    <input {...c} value={String(f[name])} onInput={(e) => setF({ ...f, [name]: e.currentTarget.value })} />
  );
  const area =
    (name: keyof AgentFields, rows = 3) =>
    (c: object) => <textarea {...c} rows={rows} value={String(f[name])} onInput={(e) => setF({ ...f, [name]: e.currentTarget.value })} />;
  const choice = (name: keyof AgentFields, options: (string | [string, string])[]) => (c: object) => (
    <Choice control={c} value={String(f[name])} onChange={(v) => setF({ ...f, [name]: v })} options={options} />
  );
  const params = [
    ...['type', 'name', 'displayName', 'instructions', 'language', 'maxDurationMinutes', 'providers'].map((p) => `body.${p}`),
    ...(f.type === 'phone'
      ? [
          ...['greeting', 'fallback', 'voicemailBehavior', 'machineDetection', 'maxAttempts', 'requiredContactFields', 'outcomeLabels', 'recordCalls'].map(
            (p) => `body.phone.${p}`,
          ),
          'body.tools',
        ]
      : [...['goal', 'opening', 'evaluationCriteria', 'difficulty'].map((p) => `body.voice.${p}`), 'body.tools']),
    ...TURN_PARAMS,
  ];
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(f);
      }}
    >
      <FormError error={error} params={params} />
      {props.creating && (
        <Field label="Type" param="body.type" error={error} hint="Phone agents place calls; voice agents run interviews. Fixed once created.">
          {choice('type', [
            ['phone', 'Phone: places calls'],
            ['voice', 'Voice: runs interviews'],
          ])}
        </Field>
      )}
      <Field label="Name" param="body.name" error={error}>
        {text('name')}
      </Field>
      <Field label="Instructions" param="body.instructions" error={error} hint="The system prompt. {{placeholders}} are filled by each call's variables.">
        {area('instructions', 5)}
      </Field>
      <Field label="Language" param="body.language" error={error} hint="A language tag such as en-US, fr or es-MX.">
        {text('language')}
      </Field>
      <Field label="Maximum duration (minutes)" param="body.maxDurationMinutes" error={error}>
        {text('maxDurationMinutes')}
      </Field>
      <fieldset>
        <legend>How it thinks, hears and speaks</legend>
        {CREDENTIAL_KINDS.map((kind) => (
          <Field key={kind} label={KIND_NAMES[kind]} param={`body.providers.${kind}`} error={error} hint={KIND_HINTS[kind]}>
            {(c) => (
              <Choice
                control={c}
                value={f[kind]}
                onChange={(v) => setF({ ...f, [kind]: v })}
                options={[
                  ...(props.creating ? [['', 'The service’s default'] as [string, string]] : []),
                  // An agent on a server default (simulated) keeps it listed, though no one may choose it.
                  ...(props.initial[kind] && !choices?.vendors[kind].includes(props.initial[kind])
                    ? [[props.initial[kind], `${props.initial[kind]} (the service’s default)`] as [string, string]]
                    : []),
                  ...(choices?.vendors[kind] ?? []).map((v) => [v, vendorLabel(v, kind, choices?.credentials)] as [string, string]),
                ]}
              />
            )}
          </Field>
        ))}
      </fieldset>
      {f.type === 'phone' ? (
        <>
          <fieldset>
            <legend>Phone settings</legend>
            <Field label="Greeting" param="body.phone.greeting" error={error} hint="The first sentence when the callee answers.">
              {area('greeting', 2)}
            </Field>
            <Field label="Fallback" param="body.phone.fallback" error={error} hint="What the agent says when it cannot help.">
              {area('fallback', 2)}
            </Field>
            <CheckField
              label="Record calls"
              checked={f.recordCalls}
              onChange={(recordCalls) => setF({ ...f, recordCalls })}
              hint="Both sides, kept for the organization’s retention period (Organization page). Tell the people called that they are recorded, for example in the greeting."
            />
            <Field label="On voicemail" param="body.phone.voicemailBehavior" error={error}>
              {choice('voicemailBehavior', [
                ['hangup', 'Hang up'],
                ['leave_message', 'Leave a message'],
                ['mark_no_answer', 'Count it as not answered'],
              ])}
            </Field>
            <CheckField
              label="Detect answering machines"
              checked={f.machineDetection}
              onChange={(machineDetection) => setF({ ...f, machineDetection })}
              hint="The agent listens for the first seconds before it greets: a voicemail is handled as chosen above (a message waits for the beep), a phone menu is hung up on, and a call-screening assistant is told who is calling."
            />
            <Field
              label="Attempts per recipient"
              param="body.phone.maxAttempts"
              error={error}
              hint="Campaigns do not read this: each campaign sets its own attempts per recipient (3 unless changed)."
            >
              {text('maxAttempts')}
            </Field>
            <Field label="Contact fields to collect (one per line)" param="body.phone.requiredContactFields" error={error}>
              {area('requiredContactFields', 2)}
            </Field>
            <Field label="Outcome labels (one per line)" param="body.phone.outcomeLabels" error={error}>
              {area('outcomeLabels', 2)}
            </Field>
          </fieldset>
          <ToolsEditor tools={f.tools} agentType="phone" error={error} onChange={(tools) => setF({ ...f, tools })} />
        </>
      ) : (
        <fieldset>
          <legend>Voice settings</legend>
          <Field
            label="Name candidates see"
            param="body.displayName"
            error={error}
            hint="On the interview page, instead of this agent’s name; for example your company’s. Empty: candidates see the agent’s name."
          >
            {text('displayName')}
          </Field>
          <Field label="Goal" param="body.voice.goal" error={error}>
            {area('goal', 2)}
          </Field>
          <Field label="Opening" param="body.voice.opening" error={error} hint="What the agent says first in an interview.">
            {area('opening', 2)}
          </Field>
          <Field label="Evaluation criteria (one per line)" param="body.voice.evaluationCriteria" error={error}>
            {area('evaluationCriteria', 3)}
          </Field>
          <Field label="Difficulty" param="body.voice.difficulty" error={error}>
            {choice('difficulty', ['easy', 'medium', 'hard'])}
          </Field>
        </fieldset>
      )}
      {f.type === 'voice' && <ToolsEditor tools={f.tools} agentType="voice" error={error} onChange={(tools) => setF({ ...f, tools })} />}
      <TurnTakingFields value={f.turn} creating={props.creating} error={error} onChange={(turn) => setF({ ...f, turn })} />
      <FormActions submitLabel={props.submitLabel} busy={props.busy}>
        {props.children}
      </FormActions>
    </form>
  );
}
