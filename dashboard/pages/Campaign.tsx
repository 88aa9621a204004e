/**
 * One campaign: its settings (edited while in draft or paused), the recipients' import from a CSV file while in draft, the actions
 * (launch, pause, resume, cancel, archive) and its live progress: stats and recipients, polled.
 */
import { useEffect, useState } from 'preact/hooks';
import { CsvImport } from '../csv';
import { useGet, useSubmit } from '../hooks';
import { patch, post, query, type Page } from '../http';
import { ListTable } from '../lists';
import { href, type PageProps } from '../routes';
import { DISPOSITION_LABELS, campaignTone } from '../callStates';
import type { Campaign } from '../types';
import { Badge, ConfirmButton, ErrorNote, Loaded, PageTitle, Time } from '../ui';
import { CampaignForm, campaignBody, fieldsOf, type CampaignFields } from '../parts/CampaignForm';

interface Recipient {
  index: number;
  phoneNumber: string;
  contactName: string;
  status: string;
  attempts: number;
  lastCallId: string | null;
  lastDisposition: string | null;
  nextAttemptAt: string | null;
}

const POLL_MS = 2000;
/** The CSV columns that are a recipient's own fields; every other column is a variable of that name. */
const FIELDS = ['phoneNumber', 'contactName', 'externalRef', 'timezone'];

export function recipientRow(cells: Record<string, string>) {
  const row: Record<string, unknown> = {};
  const variables: Record<string, string> = {};
  for (const [name, value] of Object.entries(cells)) {
    if (FIELDS.includes(name)) {
      if (value !== '' || name === 'phoneNumber') row[name] = value.trim();
    } else if (value !== '') variables[name] = value;
  }
  if (Object.keys(variables).length) row.variables = variables;
  return row;
}

/** The states PATCH /campaigns/{id} accepts; in any other it answers 409 INVALID_STATE_TRANSITION. */
const EDITABLE = ['draft', 'paused'];

const ACTIONS: Record<string, string[]> = {
  draft: ['launch', 'cancel'],
  scheduled: ['pause', 'cancel'],
  running: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  completed: ['archive'],
  cancelled: ['archive'],
};

function Actions(props: { campaign: Campaign; onDone: () => Promise<void> }) {
  const { submit, error, busy } = useSubmit(async (action: string) => {
    await post(`/campaigns/${props.campaign.id}/${action}`);
    await props.onDone();
  });
  return (
    <>
      <div class="actions">
        {(ACTIONS[props.campaign.status] ?? []).map((action) =>
          action === 'cancel' ? (
            <ConfirmButton
              key={action}
              label="Cancel…"
              confirm={`Cancel ${props.campaign.name}`}
              keep="Keep it"
              consequence="Nobody else is called, and calls in progress are hung up."
              busy={busy}
              onConfirm={() => void submit(action)}
            />
          ) : (
            <button
              key={action}
              type="button"
              class={action === 'launch' || action === 'resume' ? 'primary' : ''}
              disabled={busy}
              onClick={() => void submit(action)}
            >
              {action[0]!.toUpperCase() + action.slice(1)}
            </button>
          ),
        )}
      </div>
      {error && <ErrorNote error={error} />}
    </>
  );
}

/**
 * The counts as parts of the whole: the API counts do-not-call recipients in `failed` too, so
 * "Not reached" here is the others, and the four parts add up to the recipients.
 */
function Stats(props: { stats: Campaign['stats'] }) {
  const { total, pending, completed, failed, suppressed } = props.stats;
  const parts = [
    ['Pending', pending],
    ['Reached', completed],
    ['Not reached', failed - suppressed],
    ['Do-not-call', suppressed],
  ] as const;
  return (
    <>
      <div class="stats" aria-live="polite">
        {([['Recipients', total], ...parts] as const).map(([label, value]) => (
          <div class="stat" key={label}>
            <span class="value" data-testid={`stat-${label}`}>
              {value}
            </span>
            <span class="label">{label}</span>
          </div>
        ))}
      </div>
      <p class="muted" data-testid="stat-sum">
        {total} recipients = {parts.map(([label, value]) => `${value} ${label.toLowerCase()}`).join(' + ')}
      </p>
    </>
  );
}

const RECIPIENT_STATES: Record<string, [string, 'ok' | 'bad' | 'info' | 'warn']> = {
  pending: ['Not dialled yet', 'info'],
  calling: ['Calling', 'info'],
  retry_scheduled: ['Retry scheduled', 'warn'],
  completed: ['Reached', 'ok'],
  failed: ['Not reached', 'bad'],
  suppressed: ['Do-not-call', 'bad'],
};
const OUTCOMES: Record<string, string> = {
  ...DISPOSITION_LABELS,
  carrier_rejected: 'Refused by the carrier',
  carrier_unavailable: 'Carrier unavailable',
  do_not_call: 'Do-not-call',
};

function Recipients(props: { id: string; live: boolean }) {
  const [page, setPage] = useState(1);
  const recipients = useGet<Page<Recipient>>(`/campaigns/${props.id}/recipients${query({ page, limit: 25 })}`, props.live ? POLL_MS : undefined);
  return (
    <section class="card" aria-labelledby="recipients-title">
      <h2 id="recipients-title">Recipients</h2>
      <ListTable
        state={recipients}
        empty="No recipients yet: import them from a CSV file."
        rowKey={(r) => r.index}
        pageNumber={page}
        onPage={setPage}
        columns={[
          ['#', (r) => r.index + 1],
          ['Number', (r) => r.phoneNumber],
          ['Name', (r) => r.contactName],
          ['Status', (r) => <Badge tone={RECIPIENT_STATES[r.status]?.[1] ?? 'info'}>{RECIPIENT_STATES[r.status]?.[0] ?? r.status}</Badge>],
          ['Attempts', (r) => r.attempts],
          ['Next attempt', (r) => (r.nextAttemptAt ? <Time at={r.nextAttemptAt} /> : '—')],
          [
            'Last outcome',
            (r) => {
              const outcome = r.lastDisposition ? (OUTCOMES[r.lastDisposition] ?? r.lastDisposition) : null;
              return r.lastCallId ? <a href={href(`/calls/${r.lastCallId}`)}>{outcome ?? 'In progress'}</a> : (outcome ?? '—');
            },
          ],
        ]}
      />
    </section>
  );
}

/** The settings, which can be edited (PATCH) while the campaign is in draft or paused. */
function Settings(props: { campaign: Campaign; onSaved: () => Promise<void> }) {
  const c = props.campaign;
  const [editing, setEditing] = useState(false);
  const save = useSubmit(async (fields: CampaignFields) => {
    await patch(`/campaigns/${c.id}`, campaignBody(fields, false));
    await props.onSaved();
    setEditing(false);
  });
  const editable = EDITABLE.includes(c.status);
  return (
    <section class="card" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      {editing && editable ? (
        <CampaignForm
          initial={fieldsOf(c)}
          creating={false}
          label="Edit the campaign"
          error={save.error}
          busy={save.busy}
          submitLabel="Save changes"
          onSubmit={(f) => void save.submit(f)}
        >
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </CampaignForm>
      ) : (
        <>
          {c.description && <p>{c.description}</p>}
          <dl class="facts">
            <dt>Concurrency</dt>
            <dd>{c.settings.concurrency} calls at once</dd>
            <dt>Attempts per recipient</dt>
            <dd>
              {c.settings.retryLimit}, {c.settings.retryDelayMinutes} min apart{' '}
              <span class="muted">(this campaign’s setting; the agent’s own is not used)</span>
              {Object.entries(c.settings.retryPolicy).map(([outcome, rule]) => (
                <span key={outcome} class="muted">
                  {' '}
                  · {outcome}: {'retry' in rule ? 'no retry' : `${rule.delayMinutes} min`}
                </span>
              ))}
            </dd>
            <dt>Calling hours</dt>
            <dd>
              {c.callingHours
                ? `${c.callingHours.start}–${c.callingHours.end}${c.callingHours.days ? ` on ${c.callingHours.days.join(', ')}` : ''}, recipient's time (else ${c.timezone})`
                : 'any time'}
            </dd>
          </dl>
          {editable && (
            <div class="actions">
              <button type="button" onClick={() => setEditing(true)}>
                Edit settings
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function CampaignPage(props: PageProps) {
  const id = props.params.id!;
  const [final, setFinal] = useState(false);
  // Polled while the campaign can still change by itself.
  const campaign = useGet<Campaign>(`/campaigns/${id}`, final ? undefined : POLL_MS);
  const c = campaign.data;
  const live = !final;
  useEffect(() => setFinal(['completed', 'cancelled', 'archived'].includes(c?.status ?? '')), [c?.status]);
  return (
    <>
      <PageTitle actions={c && <Actions campaign={c} onDone={campaign.reload} />}>{c ? c.name : 'Campaign'}</PageTitle>
      <Loaded state={campaign}>
        {(c) => (
          <>
            <p>
              <Badge tone={campaignTone(c.status)}>
                <span data-testid="campaign-status">{c.status}</span>
              </Badge>
              {c.pausedReason && <span class="muted"> · paused: {c.pausedReason.replace('_', ' ')}</span>} <span class="muted">· {c.agentName} · created</span>{' '}
              <Time at={c.createdAt} />
            </p>
            <Stats stats={c.stats} />
            {c.status === 'draft' && c.stats.total === 0 && (
              <section class="card" aria-labelledby="import-title">
                <h2 id="import-title">Import recipients</h2>
                <CsvImport
                  label="Recipients CSV file"
                  hint="A header row, then a recipient per line: phoneNumber (with its country code, such as +442079460001, or as dialled in your organization’s first country), optional contactName, externalRef and timezone; every other column is a variable of the agent, by its name. Headers may be written as in a spreadsheet: “Phone number” is phoneNumber, “First Name” the variable firstName."
                  field="recipients"
                  fields={FIELDS}
                  toRow={recipientRow}
                  send={async (recipients) => {
                    await post(`/campaigns/${id}/recipients`, { recipients });
                    await campaign.reload();
                  }}
                />
              </section>
            )}
            <Settings campaign={c} onSaved={campaign.reload} />
            <Recipients id={id} live={live} />
          </>
        )}
      </Loaded>
    </>
  );
}
