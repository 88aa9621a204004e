/**
 * The fields of an agent, for creating one and editing it: the common ones, then the phone or the
 * voice settings. Lists are typed one item per line. The API checks every value.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiError } from '../http';
import type { Agent } from '../types';
import { Choice, Field, FormActions, FormError } from '../ui';

export interface AgentFields {
  type: 'phone' | 'voice';
  name: string;
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
}

export function fieldsOf(agent?: Agent): AgentFields {
  return {
    type: agent?.type ?? 'phone',
    name: agent?.name ?? '',
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
  };
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
/** A number field sent as typed: an empty or non-numeric entry goes to the API, which names it. */
const number = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));

/** The body for POST /agents (with `type`) or PATCH /agents/{id} (without). */
export function agentBody(f: AgentFields, creating: boolean) {
  const common = { name: f.name, instructions: f.instructions, language: f.language, maxDurationMinutes: number(f.maxDurationMinutes) };
  const settings =
    f.type === 'phone'
      ? {
          phone: {
            greeting: f.greeting,
            fallback: f.fallback,
            voicemailBehavior: f.voicemailBehavior,
            maxAttempts: number(f.maxAttempts),
            requiredContactFields: lines(f.requiredContactFields),
            outcomeLabels: lines(f.outcomeLabels),
          },
        }
      : { voice: { goal: f.goal, opening: f.opening, evaluationCriteria: lines(f.evaluationCriteria), difficulty: f.difficulty } };
  return { ...(creating ? { type: f.type } : {}), ...common, ...settings };
}

export function AgentForm(props: { initial: AgentFields; creating: boolean; error?: ApiError; busy: boolean; submitLabel: string; onSubmit: (fields: AgentFields) => void; children?: ComponentChildren }) {
  const [f, setF] = useState(props.initial);
  const error = props.error;
  const text = (name: keyof AgentFields) => (c: object) => <input {...c} value={f[name]} onInput={(e) => setF({ ...f, [name]: e.currentTarget.value })} />;
  const area = (name: keyof AgentFields, rows = 3) => (c: object) => <textarea {...c} rows={rows} value={f[name]} onInput={(e) => setF({ ...f, [name]: e.currentTarget.value })} />;
  const choice = (name: keyof AgentFields, options: string[]) => (c: object) => <Choice control={c} value={f[name]} onChange={(v) => setF({ ...f, [name]: v })} options={options} />;
  const params = [
    ...['type', 'name', 'instructions', 'language', 'maxDurationMinutes'].map((p) => `body.${p}`),
    ...(f.type === 'phone'
      ? ['greeting', 'fallback', 'voicemailBehavior', 'maxAttempts', 'requiredContactFields', 'outcomeLabels'].map((p) => `body.phone.${p}`)
      : ['goal', 'opening', 'evaluationCriteria', 'difficulty'].map((p) => `body.voice.${p}`)),
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
          {choice('type', ['phone', 'voice'])}
        </Field>
      )}
      <Field label="Name" param="body.name" error={error}>
        {text('name')}
      </Field>
      <Field label="Instructions" param="body.instructions" error={error} hint="The system prompt. {{placeholders}} are filled by each call's variables.">
        {area('instructions', 5)}
      </Field>
      <Field label="Language" param="body.language" error={error} hint="A BCP 47 tag such as en-US.">
        {text('language')}
      </Field>
      <Field label="Maximum duration (minutes)" param="body.maxDurationMinutes" error={error}>
        {text('maxDurationMinutes')}
      </Field>
      {f.type === 'phone' ? (
        <fieldset>
          <legend>Phone settings</legend>
          <Field label="Greeting" param="body.phone.greeting" error={error} hint="The first sentence when the callee answers.">
            {area('greeting', 2)}
          </Field>
          <Field label="Fallback" param="body.phone.fallback" error={error} hint="What the agent says when it cannot help.">
            {area('fallback', 2)}
          </Field>
          <Field label="On voicemail" param="body.phone.voicemailBehavior" error={error}>
            {choice('voicemailBehavior', ['hangup', 'leave_message', 'mark_no_answer'])}
          </Field>
          <Field label="Attempts per recipient" param="body.phone.maxAttempts" error={error}>
            {text('maxAttempts')}
          </Field>
          <Field label="Contact fields to collect (one per line)" param="body.phone.requiredContactFields" error={error}>
            {area('requiredContactFields', 2)}
          </Field>
          <Field label="Outcome labels (one per line)" param="body.phone.outcomeLabels" error={error}>
            {area('outcomeLabels', 2)}
          </Field>
        </fieldset>
      ) : (
        <fieldset>
          <legend>Voice settings</legend>
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
      <FormActions submitLabel={props.submitLabel} busy={props.busy}>
        {props.children}
      </FormActions>
    </form>
  );
}
