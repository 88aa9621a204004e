import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { CampaignRecord } from '../../domain/campaigns';
import { RECIPIENT_STATUSES, type RecipientRecord } from '../../domain/campaignRecipients';
import { CAMPAIGN_STATUSES, WEEKDAY_NAMES, type CampaignSettings } from '../../workflows/definitions';
import { validationError } from '../errors';
import { iso } from '../../lib/time';
import { Id, Name, PageQuery, StringEnum, Timestamp } from './common';
import { PlaceCallBody } from './calls';

const nullable = <T extends TSchema>(schema: T, description?: string) => Type.Union([schema, Type.Null()], description ? { description } : {});

/** Defaults of `settings`, applied field by field at creation. */
export const DEFAULT_SETTINGS: CampaignSettings = { retryLimit: 3, retryDelayMinutes: 60, concurrency: 5, retryPolicy: {} };

const RetryDelay = Type.Integer({ minimum: 1, maximum: 10080 });
const RetryRule = Type.Union([
  Type.Object({ delayMinutes: RetryDelay }, { additionalProperties: false, description: 'Retry after this many minutes instead of `retryDelayMinutes`.' }),
  Type.Object({ retry: Type.Literal(false) }, { additionalProperties: false, description: 'Do not retry: the outcome is final (`failed`).' }),
]);
const RetryPolicy = Type.Object(
  { busy: Type.Optional(RetryRule), no_answer: Type.Optional(RetryRule), voicemail: Type.Optional(RetryRule), failed: Type.Optional(RetryRule) },
  {
    additionalProperties: false,
    description:
      'Redial rules by outcome (default `{}`: every unreached outcome waits `retryDelayMinutes`). `busy`; `no_answer` (rang out, or a voicemail under `mark_no_answer`); ' +
      '`voicemail` (a voicemail reached, `voicemail` or `voicemail_left`); `failed` (the call failed or was terminated, or the carrier was unavailable). ' +
      'Each `{delayMinutes}` (1-10080) or `{retry: false}` (final at once). Other unreached outcomes (hung up before connecting) wait `retryDelayMinutes`; a number the carrier rejects is never retried; ' +
      '`retryLimit` caps the attempts whatever the rule. A retry due outside the recipient’s calling hours waits for their next opening. In `PATCH`, a given `retryPolicy` replaces the whole policy.',
  },
);

const settingsFields = {
  retryLimit: Type.Integer({
    minimum: 1,
    maximum: 5,
    description: `Attempts per recipient in all, the first included (default ${DEFAULT_SETTINGS.retryLimit}).`,
  }),
  retryDelayMinutes: Type.Integer({
    minimum: 1,
    maximum: 10080,
    description: `Wait before the next attempt at an unreached recipient, unless \`retryPolicy\` says otherwise for its outcome (default ${DEFAULT_SETTINGS.retryDelayMinutes}).`,
  }),
  concurrency: Type.Integer({
    minimum: 1,
    maximum: 25,
    description: `Calls of this campaign in progress at once (default ${DEFAULT_SETTINGS.concurrency}); the organization's \`maxConcurrentCalls\` caps direct and campaign calls together.`,
  }),
  retryPolicy: RetryPolicy,
};
const SettingsInput = Type.Object(
  {
    retryLimit: Type.Optional(settingsFields.retryLimit),
    retryDelayMinutes: Type.Optional(settingsFields.retryDelayMinutes),
    concurrency: Type.Optional(settingsFields.concurrency),
    retryPolicy: Type.Optional(settingsFields.retryPolicy),
  },
  { additionalProperties: false },
);

const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: '`HH:MM`, 24-hour.' });
export const CallingHours = Type.Object(
  {
    start: Clock,
    end: Clock,
    days: Type.Optional(
      Type.Array(StringEnum(WEEKDAY_NAMES), {
        minItems: 1,
        maxItems: 7,
        uniqueItems: true,
        description: 'Local weekdays the window opens on (default: every day).',
      }),
    ),
    excludeDates: Type.Optional(
      Type.Array(Type.String({ format: 'date' }), {
        maxItems: 366,
        uniqueItems: true,
        description: 'Local dates (`YYYY-MM-DD`) the window stays shut, e.g. public holidays.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Daily window for dialling, applied in each recipient’s own time zone (theirs, else the campaign’s `timezone`). `end` before `start` spans midnight: the hours after midnight belong to the day the window opened, for `days` and `excludeDates`. ' +
      'Across a daylight-saving change the window opens when the local clock shows `start` (a start the clock skips: as soon as it is passed). ' +
      'A launched campaign dials the recipients whose window is open, keeps the others waiting for theirs, and is `scheduled` while no recipient left to dial has an open window. Null: any time.',
  },
);

const Timezone = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'IANA time zone, e.g. `Europe/London` (default `UTC`): the calling hours’ zone for recipients without one of their own.',
});

/** A time zone `Intl` knows by its IANA name. */
export function isTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

const checkTimezone = (timezone: string | undefined, param: string) => {
  if (timezone !== undefined && !isTimezone(timezone)) throw validationError(`${param} must be an IANA time zone such as Europe/London or UTC.`, param);
};

/** Import row `index`'s optional `timezone` is one `Intl` knows, checked like the campaign's. */
export const checkRecipientTimezone = (timezone: string | undefined, index: number) => checkTimezone(timezone, `body.recipients[${index}].timezone`);

/** What the schemas cannot say about a campaign's `timezone` and `callingHours`. */
export function checkSchedule(body: { timezone?: string; callingHours?: { start: string; end: string } | null }) {
  checkTimezone(body.timezone, 'body.timezone');
  if (body.callingHours && body.callingHours.start === body.callingHours.end) {
    throw validationError('body.callingHours.end must differ from start; omit callingHours (null) to call at any time.', 'body.callingHours.end');
  }
}

export const CreateCampaignBody = Type.Object(
  {
    name: Name(200),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    agentId: Type.String({
      maxLength: 24,
      description:
        'A phone agent of your organization that places calls (`phone.direction` `outbound` or `both`; an inbound-only agent is 400 naming this field).',
    }),
    timezone: Type.Optional(Timezone),
    settings: Type.Optional(SettingsInput),
    callingHours: Type.Optional(nullable(CallingHours)),
  },
  { additionalProperties: false, title: 'campaign_create' },
);
export type CreateCampaignBody = Static<typeof CreateCampaignBody>;

export const UpdateCampaignBody = Type.Object(
  {
    name: Type.Optional(Name(200)),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    timezone: Type.Optional(Timezone),
    settings: Type.Optional(SettingsInput),
    callingHours: Type.Optional(nullable(CallingHours)),
  },
  { additionalProperties: false, title: 'campaign_update' },
);

export const ListCampaignsQuery = Type.Object(
  { status: Type.Optional(StringEnum(CAMPAIGN_STATUSES)), agentId: Type.Optional(Id), ...PageQuery },
  { additionalProperties: false },
);

export const Campaign = Type.Object(
  {
    id: Id,
    object: Type.Literal('campaign'),
    name: Type.String(),
    description: Type.String(),
    agentId: Id,
    agentName: Type.String(),
    status: StringEnum(CAMPAIGN_STATUSES),
    timezone: Type.String(),
    settings: Type.Object(settingsFields),
    callingHours: nullable(CallingHours),
    stats: Type.Object(
      {
        total: Type.Integer({ description: 'Recipients imported.' }),
        pending: Type.Integer({ description: 'Not final yet: never dialled, being called, or waiting for a retry (in a cancelled campaign: left undialled).' }),
        completed: Type.Integer({ description: 'Reached: an attempt connected.' }),
        failed: Type.Integer({
          description: 'Final without connecting: the last allowed attempt did not connect, the carrier refused the number, or the number is do-not-call.',
        }),
        suppressed: Type.Integer({
          description: 'Of `failed`, those never dialled because their number is do-not-call (at import, or found so right before an attempt).',
        }),
      },
      { description: 'Always `total = pending + completed + failed`, and `suppressed <= failed`: the suppressed count in `failed` too.' },
    ),
    pausedReason: nullable(StringEnum(['requested', 'insufficient_credits'] as const), 'Why a `paused` campaign stopped dialling.'),
    launchedAt: nullable(Timestamp),
    pausedAt: nullable(Timestamp, 'The latest pause.'),
    completedAt: nullable(Timestamp),
    cancelledAt: nullable(Timestamp),
    archivedAt: nullable(Timestamp),
    createdAt: Timestamp,
  },
  { title: 'campaign' },
);
export type Campaign = Static<typeof Campaign>;

export function campaignRepresentation(c: CampaignRecord): Campaign {
  return {
    id: String(c._id),
    object: 'campaign',
    name: c.name,
    description: c.description ?? '',
    agentId: String(c.agentId),
    agentName: c.agentName,
    status: c.status,
    timezone: c.timezone,
    settings: c.settings,
    callingHours: c.callingHours ?? null,
    stats: c.stats,
    pausedReason: c.pausedReason ?? null,
    launchedAt: iso(c.launchedAt),
    pausedAt: iso(c.pausedAt),
    completedAt: iso(c.completedAt),
    cancelledAt: iso(c.cancelledAt),
    archivedAt: iso(c.archivedAt),
    createdAt: c.createdAt.toISOString(),
  };
}

const { agentId: _agentId, ...recipientFields } = PlaceCallBody.properties;
const RecipientTimezone = Type.String({
  minLength: 1,
  maxLength: 64,
  description:
    'The recipient’s IANA time zone, for the calling hours, unless the number’s contact has one, which comes first. Without either: the zone the number determines (libphonenumber’s prefix data; a number spanning several zones, such as most mobile ranges of large countries, determines none), else the campaign’s `timezone`.',
});
export const RecipientInput = Type.Object(
  { ...recipientFields, timezone: Type.Optional(RecipientTimezone) },
  { additionalProperties: false, title: 'recipient_create' },
);

/** The import route's own body limit: 100,000 recipients with a few variables each fit. */
export const IMPORT_BODY_LIMIT_BYTES = 64 * 1024 * 1024;
export const MAX_RECIPIENTS = 200_000;

export const ImportRecipientsBody = Type.Object(
  { recipients: Type.Array(RecipientInput, { minItems: 1, maxItems: MAX_RECIPIENTS }) },
  { additionalProperties: false, title: 'recipient_import' },
);
export type ImportRecipientsBody = Static<typeof ImportRecipientsBody>;

export const ImportResult = Type.Object(
  {
    object: Type.Literal('recipient_import'),
    campaignId: Id,
    imported: Type.Integer(),
    suppressed: Type.Integer({ description: 'Of those, stored `suppressed`: do-not-call numbers, never dialled.' }),
  },
  { title: 'recipient_import_result' },
);

export const Recipient = Type.Object(
  {
    object: Type.Literal('recipient'),
    index: Type.Integer({ description: 'Position in the import, from 0.' }),
    phoneNumber: Type.String(),
    contactName: Type.String(),
    externalRef: Type.String(),
    variables: Type.Record(Type.String(), Type.String()),
    timezone: nullable(
      Type.String(),
      'The recipient’s own time zone, stored at import (its contact’s, else the row’s, else the number’s); null: the campaign’s `timezone`, as edited.',
    ),
    status: StringEnum(RECIPIENT_STATUSES, {
      description:
        '`pending` (not dialled yet), `calling`, `retry_scheduled`, `completed` (reached), `failed` (final, not reached), `suppressed` (final, never dialled again: the number is do-not-call).',
    }),
    attempts: Type.Integer({ description: 'Attempts begun so far.' }),
    lastCallId: nullable(Id, 'The latest attempt’s call.'),
    lastDisposition: nullable(
      Type.String(),
      'How the latest finished attempt ended: a call disposition, or `carrier_rejected` / `carrier_unavailable`, or `do_not_call` when the number was found do-not-call right before an attempt.',
    ),
    nextAttemptAt: nullable(
      Timestamp,
      'While `retry_scheduled`: when the next attempt becomes due, after the retry policy’s delay, or at the callback the recipient asked for (the agent’s `callback` tool; moved to when their calling hours next open if they are closed then); it is dialled then, or when the recipient’s calling hours next open if they are closed then. Null in every other status.',
    ),
    updatedAt: Timestamp,
  },
  { title: 'recipient' },
);
export type Recipient = Static<typeof Recipient>;

export function recipientRepresentation(r: RecipientRecord): Recipient {
  return {
    object: 'recipient',
    index: r.index,
    phoneNumber: r.phoneNumber,
    contactName: r.contactName ?? '',
    externalRef: r.externalRef ?? '',
    variables: r.variables ?? {},
    timezone: r.timezone ?? null,
    status: r.status,
    attempts: r.attempts ?? 0,
    lastCallId: r.lastCallId ? String(r.lastCallId) : null,
    lastDisposition: r.lastDisposition ?? null,
    nextAttemptAt: r.status === 'retry_scheduled' && r.nextAttemptAt ? r.nextAttemptAt.toISOString() : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const ListRecipientsQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
