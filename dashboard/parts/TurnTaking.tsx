/**
 * How an agent takes turns, in the agent form: how long it waits for someone who paused
 * mid-sentence and what speech over it counts as an interruption. The API fills each setting with
 * the agent type's default, so an existing agent's fields show the values in use; a new agent's
 * blank fields take those defaults.
 */
import type { ApiError } from '../http';
import type { Agent } from '../types';
import { Field } from '../ui';
import { lines, typedNumber } from '../validate';

export interface TurnFields {
  completeThreshold: string;
  maxWaitMs: string;
  interruptMs: string;
  interruptWords: string;
  backchannels: string;
}

export const TURN_PARAMS = ['completeThreshold', 'maxWaitMs', 'interruptMs', 'interruptWords', 'backchannels'].map((p) => `body.turnTaking.${p}`);

export function turnFieldsOf(agent?: Agent): TurnFields {
  const t = agent?.turnTaking;
  const shown = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    completeThreshold: shown(t?.completeThreshold),
    maxWaitMs: shown(t?.maxWaitMs),
    interruptMs: shown(t?.interruptMs),
    interruptWords: shown(t?.interruptWords),
    backchannels: t?.backchannels?.join('\n') ?? '',
  };
}

/**
 * `turnTaking` for the body: the fields entered (creating) or changed (editing); undefined when
 * there are none, so an agent left alone keeps following its type's defaults.
 */
export function turnTakingBody(f: TurnFields, initial?: TurnFields): Record<string, unknown> | undefined {
  const entries = (Object.keys(f) as (keyof TurnFields)[])
    .filter((k) => f[k].trim() !== '' && f[k] !== initial?.[k])
    .map((k) => [k, k === 'backchannels' ? lines(f[k]) : typedNumber(f[k])]);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export function TurnTakingFields(props: { value: TurnFields; creating: boolean; error?: ApiError; onChange: (value: TurnFields) => void }) {
  const { value, error } = props;
  const input = (name: keyof TurnFields) => (c: object) => (
    <input {...c} inputMode="decimal" value={value[name]} onInput={(e) => props.onChange({ ...value, [name]: e.currentTarget.value })} />
  );
  return (
    <fieldset>
      <legend>Taking turns</legend>
      <p class="note">
        {props.creating
          ? 'Left blank, each setting takes the default for the agent’s type (interviews wait longer than calls); the saved agent shows the values in use.'
          : 'The values in use. A pause ends the person’s turn when the turn model is sure enough that they finished.'}
      </p>
      <Field
        label="How sure before answering a pause (0 to 1)"
        param="body.turnTaking.completeThreshold"
        error={error}
        hint="How sure the turn model must be that the person finished before the agent answers. Higher waits for more."
      >
        {input('completeThreshold')}
      </Field>
      <Field
        label="Longest wait for someone mid-sentence (milliseconds)"
        param="body.turnTaking.maxWaitMs"
        error={error}
        hint="A person who paused mid-thought is waited for at most this long."
      >
        {input('maxWaitMs')}
      </Field>
      <Field
        label="Speech that interrupts the agent (milliseconds)"
        param="body.turnTaking.interruptMs"
        error={error}
        hint="Talking over the agent this long stops it, even before a word is recognised. Blank: the service’s setting."
      >
        {input('interruptMs')}
      </Field>
      <Field label="Words that interrupt the agent" param="body.turnTaking.interruptWords" error={error} hint="Recognised words over the agent that stop it.">
        {input('interruptWords')}
      </Field>
      <Field
        label="Words that never interrupt (one per line)"
        param="body.turnTaking.backchannels"
        error={error}
        hint="Such as “mm-hmm” or “right”: the agent keeps talking. Blank: the service’s list."
      >
        {(c) => <textarea {...c} rows={2} value={value.backchannels} onInput={(e) => props.onChange({ ...value, backchannels: e.currentTarget.value })} />}
      </Field>
    </fieldset>
  );
}
