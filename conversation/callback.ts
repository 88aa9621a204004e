import { BUILT_IN_NAMES } from '../models/agent';
import { Campaign } from '../models/campaign';
import { Contact } from '../models/contact';
import { Recipient } from '../models/recipient';
import type { CallRecord } from '../models/call';
import { inferTimezone } from '../lib/phoneTimezone';
import { instantOfLocal, isoInZone, localDate } from '../lib/zonedDays';
import type { ToolOutcome, ToolSpec, Turn } from '../providers/llm/interface';

/** Where the person called is: the callback's local time is read in this zone. */
export interface CallbackContext {
  timezone: string;
}

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/**
 * The `callback` built-in as the model is offered it. The model gives the person's own date and
 * clock time; the zone is ours to know, so the pair resolves to one instant. Today's date where the
 * person is comes with it, for "tomorrow" and "on Monday".
 */
export function callbackSpec({ timezone }: CallbackContext, nowMs: number): ToolSpec {
  const today = localDate(nowMs, timezone);
  return {
    name: BUILT_IN_NAMES.callback,
    description: `Records that the person asked to be called back, at the date and time they said, in their own time. Today is ${today} (${WEEKDAY.format(new Date(`${today}T00:00:00Z`))}) where they are (${timezone}).`,
    parameters: {
      type: 'object',
      properties: {
        date: { type: 'string', description: 'The local date, YYYY-MM-DD.' },
        time: { type: 'string', description: 'The local time, HH:MM on a 24-hour clock.' },
      },
      required: ['date', 'time'],
    },
  };
}

/** The callback the model asked for, resolved in the person's zone: `at` with its offset; an error the model can correct otherwise. */
export function runCallback(args: Record<string, unknown>, { timezone }: CallbackContext, nowMs: number): ToolOutcome {
  const { date, time } = args as { date: string; time: string };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    return { ok: false, error: `date must be a calendar date as YYYY-MM-DD, got "${date}"` };
  }
  const clock = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!clock) return { ok: false, error: `time must be HH:MM on a 24-hour clock, got "${time}"` };
  const at = instantOfLocal(date, time, timezone);
  if (at <= nowMs) return { ok: false, error: `${date} ${time} in ${timezone} has passed; ask for a time to come` };
  return { ok: true, result: { at: isoInZone(at, timezone), timezone } };
}

/**
 * The zone of the person a call reaches: a campaign recipient's (or the campaign's), else their
 * contact's, else the one their number determines, else UTC.
 */
export async function callZone(call: Pick<CallRecord, '_id' | 'organizationId' | 'campaignId' | 'phoneNumber'>): Promise<string> {
  if (call.campaignId) {
    const [recipient, campaign] = await Promise.all([
      Recipient.findOne({ campaignId: call.campaignId, lastCallId: call._id }, { timezone: 1 }).lean(),
      Campaign.findById(call.campaignId, { timezone: 1 }).lean(),
    ]);
    const zone = recipient?.timezone ?? campaign?.timezone;
    if (zone) return zone;
  }
  const contact = await Contact.findOne({ organizationId: call.organizationId, phoneNumber: call.phoneNumber }, { timezone: 1 }).lean();
  return contact?.timezone ?? inferTimezone(call.phoneNumber) ?? 'UTC';
}

/** The callback the `callback` tool recorded last in a transcript: its `at` and zone. */
export function recordedCallback(turns: readonly Turn[]): { at: string; timezone: string } | undefined {
  const recorded = turns.filter((t) => t.tool?.call.name === BUILT_IN_NAMES.callback && t.tool.outcome.ok).at(-1)?.tool?.outcome;
  return recorded?.ok ? (recorded.result as { at: string; timezone: string }) : undefined;
}
