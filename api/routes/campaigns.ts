import type Koa from 'koa';
import { draftCampaignState, type CampaignEdit, type CampaignInput } from '../../workflows/definitions';
import { archiveClosed, campaignAgent, createCampaign, findCampaign, listCampaigns, type CampaignRecord } from '../../domain/campaigns';
import {
  campaignTakingRecipients,
  importRecipients,
  listRecipients,
  type RecipientImport,
  type RecipientRow,
  type ResolvedRecipient,
} from '../../domain/campaignRecipients';
import { checkRecipient, withContactAttributes } from '../callTarget';
import { assertByokReady } from '../byok';
import { ApiError, RowErrors } from '../errors';
import type { CampaignAction } from '../temporal';
import { streamJsonArray } from '../middleware/jsonStream';
import { check, compile } from '../validation';
import { defineRoute, type Req } from '../defineRoute';
import {
  Campaign,
  CreateCampaignBody,
  DEFAULT_SETTINGS,
  IMPORT_BODY_LIMIT_BYTES,
  ImportRecipientsBody,
  ImportResult,
  ListCampaignsQuery,
  ListRecipientsQuery,
  MAX_RECIPIENTS,
  Recipient,
  RecipientInput,
  UpdateCampaignBody,
  campaignRepresentation,
  checkRecipientTimezone,
  checkSchedule,
  recipientRepresentation,
} from '../schemas/campaigns';
import { IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';

const validateRecipient = compile(RecipientInput, 'body');

/** Import rows checked, resolved and stored together: one contacts and one do-not-call query each. */
const IMPORT_BATCH = 1000;

/**
 * One batch of the import as it will be stored: each row takes its number's contact's attributes as
 * variables (the row's own win) and its time zone (the contact's first), then passes the checks of
 * `POST /calls`. A row that fails is kept in `bad` and left out.
 */
async function resolveBatch(
  recipients: RecipientImport,
  declared: string[],
  batch: Array<{ index: number; row: RecipientRow }>,
  seen: Map<string, number>,
  bad: RowErrors,
): Promise<ResolvedRecipient[]> {
  const contacts = await recipients.withContacts(batch.map(({ row }) => row));
  const rows: ResolvedRecipient[] = [];
  for (const [i, { index, row }] of batch.entries()) {
    bad.check(index, () => {
      checkRecipientTimezone(row.timezone, index);
      const { attributes, timezone } = contacts[i]!;
      const resolved = { ...row, variables: withContactAttributes(declared, attributes, row.variables), timezone };
      checkRecipient(declared, resolved, index, seen, recipients.allowedCountries);
      rows.push(resolved);
    });
  }
  return rows;
}

/**
 * Reads, checks and stores the streamed import batch by batch; the domain refuses a batch that
 * would take the organization past `maxRecipients` before it is written. After the first bad row
 * nothing more is stored but the rest are still checked, so the 400 lists every bad row (up to
 * MAX_ERROR_DETAILS). On any refusal or failure removes what earlier batches stored, so the import
 * is all or nothing.
 */
async function readRecipients(ctx: Koa.Context, recipients: RecipientImport, declared: string[]) {
  const seen = new Map<string, number>();
  const bad = new RowErrors();
  let batch: Array<{ index: number; row: RecipientRow }> = [];
  let count = 0;
  const flush = async () => {
    const rows = await resolveBatch(recipients, declared, batch, seen, bad);
    batch = [];
    if (bad.count === 0) await recipients.store(rows);
  };
  try {
    for await (const row of streamJsonArray(ctx, {
      field: 'recipients',
      limitBytes: IMPORT_BODY_LIMIT_BYTES,
      minItems: 1,
      maxItems: MAX_RECIPIENTS,
      maxDepth: 2,
    })) {
      const index = count++;
      if (bad.check(index, () => check(validateRecipient, row, `body.recipients[${index}]`))) batch.push({ index, row: row as RecipientRow });
      // Full: the rows still in the batch come before any later one, so checking them completes the first MAX_ERROR_DETAILS.
      if (batch.length === IMPORT_BATCH || bad.full) await flush();
      if (bad.full) break;
    }
    if (batch.length > 0) await flush();
    bad.throwIfAny();
  } catch (err) {
    await recipients.discard();
    throw err;
  }
}

/** Why a campaign whose workflow has ended (completed, cancelled or archived for good) refuses an action. */
const cannot = (campaign: CampaignRecord, what: string) => `A ${campaign.status} campaign cannot be ${what}.`;

const TRANSITIONS =
  'Transitions (anything else is 409 `INVALID_STATE_TRANSITION`): ' +
  '`launch`: draft -> running, or scheduled while no recipient’s `callingHours` window is open (409 `NO_RECIPIENTS` before the import). ' +
  '`pause`: running | scheduled -> paused (calls in progress finish; no new dials). ' +
  '`resume`: paused -> running | scheduled, continuing where it stopped. ' +
  '`cancel`: draft | scheduled | running | paused -> cancelled; calls in progress are hung up (disposition `hangup_requested`) and nothing more is dialled. ' +
  '`archive`: completed | cancelled -> archived. ' +
  'The campaign moves by itself between running and scheduled as its recipients’ windows open and close (scheduled: none left to dial has an open one), to paused with `pausedReason: insufficient_credits` when the credits run out (resume after adding credits), and to completed when every recipient is final. ' +
  'Actions are Temporal updates on the `campaign-<id>` workflow, validated against its own state; operators can send `pause`, `resume` and `cancel` as signals from the Temporal UI. ' +
  'If the workflow does not confirm an action, edit or import within `WORKFLOW_ACTION_TIMEOUT_SECONDS` (default 20; e.g. no worker is running) the answer is 504 `ACTION_TIMEOUT`. A `pause`, `resume` or `cancel` is then recorded as the same signal and takes effect once the workflow runs (the error’s message says so); a launch, edit or import may still take effect (an import keeps its stored recipients). Either way, retrieve the campaign before retrying.';

const campaignAction = (action: CampaignAction, past: string, summary: string) =>
  defineRoute({
    operationId: `${action}Campaign`,
    method: 'post',
    path: `/campaigns/{id}/${action}`,
    tag: 'Campaigns',
    resource: 'campaign',
    summary,
    description: TRANSITIONS,
    auth: 'apiKey',
    scope: 'campaigns:manage',
    params: IdParams,
    status: 200,
    // A byok campaign launches and resumes only while its organization's credentials are verified.
    responses: {
      200: { description: 'The campaign after the action.', schema: Campaign },
      ...errorResponses(...(action === 'launch' || action === 'resume' ? [400] : []), 409, 504),
    },
    handler: async ({ params, auth, workflows }: Req<{ params: typeof IdParams }>) => {
      const campaign = await findCampaign(auth.organizationId, params.id);
      if (campaign.byok && (action === 'launch' || action === 'resume')) await assertByokReady(auth.organizationId);
      await workflows.campaignAction(params.id, action, cannot(campaign, past));
      return campaignRepresentation(await findCampaign(auth.organizationId, params.id));
    },
  });

export const campaignRoutes = [
  defineRoute({
    operationId: 'listCampaigns',
    method: 'get',
    path: '/campaigns',
    tag: 'Campaigns',
    summary: 'List campaigns, newest first',
    auth: 'apiKey',
    scope: 'campaigns:manage',
    query: ListCampaignsQuery,
    status: 200,
    responses: { 200: { description: 'A page of campaigns.', schema: ListOf(Campaign, 'campaign') } },
    handler: async ({ query, auth }: Req<{ query: typeof ListCampaignsQuery }>) => {
      const { docs, total } = await listCampaigns(auth.organizationId, query);
      return listEnvelope('campaign', docs.map(campaignRepresentation), total, query);
    },
  }),
  defineRoute({
    operationId: 'createCampaign',
    method: 'post',
    path: '/campaigns',
    tag: 'Campaigns',
    summary: 'Create a campaign (draft)',
    description: `Created in \`draft\`. Defaults: \`settings\` ${JSON.stringify(DEFAULT_SETTINGS)}, \`timezone\` \`UTC\`, \`callingHours\` null (any time). Then import the recipients and launch. Campaigns created with a \`byok\` key bill their calls per minute outside credits and need verified \`llm\`, \`stt\` and \`tts\` provider credentials to launch or resume (else 400 \`BYOK_NOT_READY\`). A campaign whose workflow cannot be started in time is 504 \`CREATE_TIMEOUT\`, with nothing created. Counts against the organization’s \`maxCampaigns\` (403 \`QUOTA_EXCEEDED\` beyond it); archiving a campaign frees its place.`,
    auth: 'apiKey',
    scope: 'campaigns:manage',
    body: CreateCampaignBody,
    status: 201,
    responses: { 201: { description: 'The campaign.', schema: Campaign }, ...errorResponses(504) },
    handler: async ({ body, auth, config, workflows }: Req<{ body: typeof CreateCampaignBody }>) => {
      const agent = await campaignAgent(auth.organizationId, body.agentId);
      checkSchedule(body);
      const state = draftCampaignState({
        name: body.name,
        description: body.description ?? '',
        timezone: body.timezone ?? 'UTC',
        settings: { ...DEFAULT_SETTINGS, ...body.settings },
        callingHours: body.callingHours ?? null,
      });
      const start = (campaignId: string) => {
        const input: CampaignInput = {
          campaignId,
          organizationId: String(auth.organizationId),
          agentId: String(agent._id),
          byok: auth.byok,
          historyBudget: config.campaigns.historyBudget,
          state,
        };
        return workflows.startCampaign(input);
      };
      return campaignRepresentation(await createCampaign(auth.organizationId, { agent, byok: auth.byok, state }, start));
    },
  }),
  defineRoute({
    operationId: 'getCampaign',
    method: 'get',
    path: '/campaigns/{id}',
    tag: 'Campaigns',
    resource: 'campaign',
    summary: 'Retrieve a campaign with its stats',
    auth: 'apiKey',
    scope: 'campaigns:manage',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The campaign.', schema: Campaign } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => campaignRepresentation(await findCampaign(auth.organizationId, params.id)),
  }),
  defineRoute({
    operationId: 'updateCampaign',
    method: 'patch',
    path: '/campaigns/{id}',
    tag: 'Campaigns',
    resource: 'campaign',
    summary: 'Update a draft or paused campaign',
    description:
      'Only in `draft` or `paused` (else 409 `INVALID_STATE_TRANSITION`). `settings` merge field by field (`retryPolicy` as a whole). New settings apply from the next dial; retries already queued keep the time they were given, and wait for the calling hours as they are when due.',
    auth: 'apiKey',
    scope: 'campaigns:manage',
    params: IdParams,
    body: UpdateCampaignBody,
    status: 200,
    responses: { 200: { description: 'The campaign.', schema: Campaign }, ...errorResponses(409, 504) },
    handler: async ({ params, body, auth, workflows }: Req<{ params: typeof IdParams; body: typeof UpdateCampaignBody }>) => {
      const campaign = await findCampaign(auth.organizationId, params.id);
      checkSchedule(body);
      await workflows.editCampaign(params.id, body as CampaignEdit, cannot(campaign, 'edited'));
      return campaignRepresentation(await findCampaign(auth.organizationId, params.id));
    },
  }),
  defineRoute({
    operationId: 'importCampaignRecipients',
    method: 'post',
    path: '/campaigns/{id}/recipients',
    tag: 'Campaigns',
    resource: 'campaign',
    summary: "Import the campaign's recipients",
    description:
      'The whole list in one request, only in `draft` and only once (a second import is 409 `RECIPIENTS_ALREADY_IMPORTED`). Up to 200,000 recipients and 64 MiB; a row nested deeper than its schema or larger than 1 MiB is refused (400 naming the row) as soon as it is read. ' +
      'Claimed before its body is read: while it runs, another import of the campaign, or any other import of the organization (this route or `POST /contacts/import`), is 409 `IMPORT_IN_PROGRESS` at once; the claim ends with the import, or lapses within a minute if its server died. ' +
      'The body is parsed as it arrives and stored a thousand rows at a time, so its size costs no memory; until the import ends its recipients are not listed and the campaign cannot launch. ' +
      'Each row is checked like `POST /calls` (E.164 number, the agent’s `{{placeholders}}` exactly); any bad row rejects the whole import with 400 and nothing is stored (rows stored before it are removed): `param` names the first, e.g. `body.recipients[12].phoneNumber`, and `error.details` lists every bad row found, each `{param, message}` by its first error, in row order, up to 100 (the body is read on to find them; past 100 the rest is not checked). ' +
      'Recipients count against the organization’s `maxRecipients` (stored in campaigns not archived; archiving frees them): an import that would pass it is 403 `QUOTA_EXCEEDED` whole, refused before the thousand rows that pass it are written, with nothing left stored. ' +
      'Duplicates: a phone number may appear once per campaign; a repeat is a 400 at the later row. Rows are numbered from 0 in the order given, and dialled in that order within each time zone. ' +
      'Each recipient’s time zone is stored with it: its number’s contact’s `timezone` (see Contacts), else the row’s `timezone` (an IANA name, else 400 naming it, e.g. `body.recipients[3].timezone`), else the zone the number determines, else null for the campaign’s own; the calling hours apply in it. ' +
      'A number with a contact lends the contact’s `attributes` named like the agent’s `{{placeholders}}` as `variables`; the row’s own `variables` win, and the placeholders are checked after (so a row may leave out what its contact gives). ' +
      'A row whose number is do-not-call (see Contacts) is stored with status `suppressed` and never dialled; it counts in `stats.suppressed` and `stats.failed`. A number that becomes do-not-call later is checked again right before each attempt: it is not dialled, and its recipient becomes `suppressed` (`lastDisposition` `do_not_call`). ' +
      'Dialling policy: a row whose number the organization may not call (its country is not allowed, or it is a premium-rate, shared-cost, personal or pager number) rejects the import like a bad row, with code `DESTINATION_NOT_ALLOWED` when it is the first bad row; a number the policy refuses later is not dialled, and its recipient becomes `suppressed` (`lastDisposition` `destination_not_allowed`).',
    auth: 'apiKey',
    scope: 'campaigns:manage',
    params: IdParams,
    body: ImportRecipientsBody,
    bodyType: 'stream',
    bodyLimitBytes: IMPORT_BODY_LIMIT_BYTES,
    status: 201,
    responses: { 201: { description: 'Every recipient stored.', schema: ImportResult }, ...errorResponses(409, 413, 504) },
    handler: async ({ params, auth, workflows, ctx, config }: Req<{ params: typeof IdParams }>) => {
      const { campaign, declared } = await campaignTakingRecipients(auth.organizationId, params.id);
      const service = { defaultCountries: config.calls.allowedCountries, doNotCallKey: config.contacts.doNotCallHashKey };
      return importRecipients(auth.organizationId, params.id, service, async (recipients) => {
        await readRecipients(ctx, recipients, declared);
        const { total, suppressed, zones } = recipients;
        try {
          await workflows.setRecipients(params.id, { total, suppressed, zones }, cannot(campaign, 'given recipients'));
        } catch (err) {
          // Unconfirmed in time: the workflow takes the stored recipients once it runs, so they stay.
          const unconfirmed = err instanceof ApiError && err.code === 'ACTION_TIMEOUT';
          // Launched or cancelled meanwhile: the import did not happen.
          if (!unconfirmed) await recipients.discard();
          else await recipients.finish();
          throw err;
        }
        await recipients.finish();
        return { object: 'recipient_import' as const, campaignId: params.id, imported: total, suppressed };
      });
    },
  }),
  defineRoute({
    operationId: 'listCampaignRecipients',
    method: 'get',
    path: '/campaigns/{id}/recipients',
    tag: 'Campaigns',
    resource: 'campaign',
    summary: "List a campaign's recipients in import order",
    auth: 'apiKey',
    scope: 'campaigns:manage',
    params: IdParams,
    query: ListRecipientsQuery,
    status: 200,
    responses: { 200: { description: 'A page of recipients with their status, attempts and latest call.', schema: ListOf(Recipient, 'recipient') } },
    handler: async ({ params, query, auth }: Req<{ params: typeof IdParams; query: typeof ListRecipientsQuery }>) => {
      const campaign = await findCampaign(auth.organizationId, params.id);
      const { docs, total } = await listRecipients(campaign, query);
      return listEnvelope('recipient', docs.map(recipientRepresentation), total, query);
    },
  }),
  campaignAction('launch', 'launched', 'Launch a draft campaign'),
  campaignAction('pause', 'paused', 'Pause a campaign'),
  campaignAction('resume', 'resumed', 'Resume a paused campaign'),
  campaignAction('cancel', 'cancelled', 'Cancel a campaign'),
  defineRoute({
    operationId: 'archiveCampaign',
    method: 'post',
    path: '/campaigns/{id}/archive',
    tag: 'Campaigns',
    resource: 'campaign',
    summary: 'Archive a completed or cancelled campaign',
    description: TRANSITIONS,
    auth: 'apiKey',
    scope: 'campaigns:manage',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The campaign, archived.', schema: Campaign }, ...errorResponses(409, 504) },
    handler: async ({ params, auth, workflows }: Req<{ params: typeof IdParams }>) => {
      const campaign = await findCampaign(auth.organizationId, params.id);
      if ((await workflows.archiveCampaign(params.id)) === 'closed') await archiveClosed(campaign);
      return campaignRepresentation(await findCampaign(auth.organizationId, params.id));
    },
  }),
];
