/**
 * The fields of a campaign, for creating one (POST /campaigns) and editing it while in draft or
 * paused (PATCH /campaigns/{id}, where the agent is fixed). Checked against the API's schema
 * before it is sent; the API checks every value again.
 */
import { createCampaign, updateCampaign } from 'api-schemas';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { ApiError } from '../http';
import { AgentOptions, useAgents } from '../lists';
import { Field, FormActions, FormError } from '../ui';
import { validated } from '../validate';
import type { Campaign } from '../types';

const OUTCOMES = ['busy', 'no_answer', 'voicemail', 'failed'] as const;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

export interface CampaignFields {
  name: string;
  description: string;
  agentId: string;
  timezone: string;
  concurrency: string;
  retryLimit: string;
  retryDelayMinutes: string;
  /** Each outcome's rule as typed: minutes, `never`, or empty for the delay above. */
  rules: Record<string, string>;
  hours: boolean;
  start: string;
  end: string;
  days: string[];
}

export function fieldsOf(campaign?: Campaign): CampaignFields {
  const rules = Object.fromEntries(
    Object.entries(campaign?.settings.retryPolicy ?? {}).map(([outcome, rule]) => [outcome, 'retry' in rule ? 'never' : String(rule.delayMinutes)]),
  );
  return {
    name: campaign?.name ?? '',
    description: campaign?.description ?? '',
    agentId: campaign?.agentId ?? '',
    timezone: campaign?.timezone ?? 'UTC',
    concurrency: campaign ? String(campaign.settings.concurrency) : '',
    retryLimit: campaign ? String(campaign.settings.retryLimit) : '',
    retryDelayMinutes: campaign ? String(campaign.settings.retryDelayMinutes) : '',
    rules,
    hours: Boolean(campaign?.callingHours),
    start: campaign?.callingHours?.start ?? '09:00',
    end: campaign?.callingHours?.end ?? '17:00',
    days: campaign?.callingHours?.days ?? [],
  };
}

/** A number field sent as typed (an entry that is not a number goes to the API, which names it); empty: the API's default, or unchanged. */
const number = (text: string) => (text.trim() === '' ? undefined : Number.isNaN(Number(text)) ? text : Number(text));

/** The body for POST /campaigns (with `agentId`) or PATCH /campaigns/{id} (without). */
export function campaignBody(f: CampaignFields, creating: boolean) {
  const retryPolicy = Object.fromEntries(
    Object.entries(f.rules)
      .filter(([, v]) => v !== '')
      .map(([outcome, v]) => [outcome, v === 'never' ? { retry: false } : { delayMinutes: number(v) }]),
  );
  const body = {
    name: f.name,
    description: f.description || (creating ? undefined : ''),
    ...(creating ? { agentId: f.agentId } : {}),
    timezone: f.timezone || undefined,
    settings: { concurrency: number(f.concurrency), retryLimit: number(f.retryLimit), retryDelayMinutes: number(f.retryDelayMinutes), retryPolicy },
    callingHours: f.hours ? { start: f.start, end: f.end, ...(f.days.length ? { days: f.days } : {}) } : null,
  };
  return validated(creating ? createCampaign : updateCampaign, body, CLOCK_FORMATS);
}

const CLOCK_FORMATS = { 'body.callingHours.start': 'Use a time such as 09:00.', 'body.callingHours.end': 'Use a time such as 17:30.' };

function PhoneAgentSelect(props: { control: object; value: string; onChange: (value: string) => void }) {
  const agents = useAgents('phone');
  return (
    <select {...props.control} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
      <AgentOptions agents={agents} />
    </select>
  );
}

export function CampaignForm(props: {
  initial: CampaignFields;
  creating: boolean;
  error?: ApiError;
  busy: boolean;
  submitLabel: string;
  label?: string;
  onSubmit: (fields: CampaignFields) => void;
  children?: ComponentChildren;
}) {
  const [f, setF] = useState(props.initial);
  const error = props.error;
  const set = (name: 'name' | 'description' | 'timezone' | 'concurrency' | 'retryLimit' | 'retryDelayMinutes' | 'start' | 'end') => (e: Event) =>
    setF({ ...f, [name]: (e.currentTarget as HTMLInputElement).value });
  return (
    <form
      noValidate
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(f);
      }}
    >
      <FormError error={error} params={['body.name', 'body.description', 'body.agentId', 'body.timezone', 'body.settings', 'body.callingHours']} />
      <Field label="Name" param="body.name" error={error}>
        {(c) => <input {...c} value={f.name} onInput={set('name')} />}
      </Field>
      <Field label="Description" param="body.description" error={error}>
        {(c) => <textarea {...c} value={f.description} onInput={set('description')} />}
      </Field>
      {props.creating && (
        <Field label="Agent" param="body.agentId" error={error} hint="A phone agent; fixed once created.">
          {(c) => <PhoneAgentSelect control={c} value={f.agentId} onChange={(agentId) => setF({ ...f, agentId })} />}
        </Field>
      )}
      <Field label="Time zone" param="body.timezone" error={error} hint="IANA name, e.g. Europe/London: the calling hours' zone for recipients without one.">
        {(c) => <input {...c} value={f.timezone} onInput={set('timezone')} />}
      </Field>
      <fieldset>
        <legend>Pacing and retries</legend>
        <Field label="Concurrency" param="body.settings.concurrency" error={error} hint="Calls at once, 1-25 (default 5).">
          {(c) => <input {...c} type="number" inputMode="numeric" value={f.concurrency} onInput={set('concurrency')} />}
        </Field>
        <Field label="Attempts per recipient" param="body.settings.retryLimit" error={error} hint="1-5, the first included (default 3).">
          {(c) => <input {...c} type="number" inputMode="numeric" value={f.retryLimit} onInput={set('retryLimit')} />}
        </Field>
        <Field label="Minutes before a retry" param="body.settings.retryDelayMinutes" error={error} hint="1-10080 (default 60).">
          {(c) => <input {...c} type="number" inputMode="numeric" value={f.retryDelayMinutes} onInput={set('retryDelayMinutes')} />}
        </Field>
        {OUTCOMES.map((outcome) => (
          <Field
            key={outcome}
            label={`Retry after ${outcome.replace('_', ' ')}`}
            param={`body.settings.retryPolicy.${outcome}`}
            error={error}
            hint="Minutes, or never; empty: the delay above."
          >
            {(c) => (
              <input
                {...c}
                value={f.rules[outcome] ?? ''}
                placeholder="e.g. 10 or never"
                onInput={(e) => setF({ ...f, rules: { ...f.rules, [outcome]: e.currentTarget.value.trim() } })}
              />
            )}
          </Field>
        ))}
      </fieldset>
      <fieldset>
        <legend>Calling hours</legend>
        <label class="check">
          <input type="checkbox" checked={f.hours} onChange={(e) => setF({ ...f, hours: e.currentTarget.checked })} /> Call only within hours (in each
          recipient's time)
        </label>
        {f.hours && (
          <>
            <Field label="From" param="body.callingHours.start" error={error}>
              {(c) => <input {...c} type="time" value={f.start} onInput={set('start')} />}
            </Field>
            <Field label="Until" param="body.callingHours.end" error={error}>
              {(c) => <input {...c} type="time" value={f.end} onInput={set('end')} />}
            </Field>
            <div class="tags" role="group" aria-label="Days (none: every day)">
              {DAYS.map((d) => (
                <label key={d} class="check">
                  <input
                    type="checkbox"
                    checked={f.days.includes(d)}
                    onChange={() => setF({ ...f, days: f.days.includes(d) ? f.days.filter((x) => x !== d) : [...f.days, d] })}
                  />{' '}
                  {d}
                </label>
              ))}
            </div>
          </>
        )}
      </fieldset>
      <FormActions submitLabel={props.submitLabel} busy={props.busy}>
        {props.children}
      </FormActions>
    </form>
  );
}
