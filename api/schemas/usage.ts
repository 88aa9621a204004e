import { Type } from '@sinclair/typebox';
import { Id } from './common';

export const Usage = Type.Object(
  {
    object: Type.Literal('usage'),
    organization: Type.Object({ id: Id, name: Type.String(), plan: Type.String() }),
    credits: Type.Object(
      {
        allocatedMinutes: Type.Number({ description: 'Minutes granted to the organization, all time.' }),
        usedMinutes: Type.Number({ description: 'Minutes charged for calls and interviews, all time (not those of `byok` keys).' }),
        heldMinutes: Type.Number({
          description:
            'Minutes set aside for calls and interviews in progress (an addition to the v1 fields): each holds its next minute before it begins, and gives back what it did not use when it ends.',
        }),
        remainingMinutes: Type.Number({
          description: '`allocatedMinutes - usedMinutes - heldMinutes`, never below 0: what a new call or interview can be admitted on.',
        }),
      },
      { description: 'A snapshot: the answer of `POST /calls` is authoritative over a preceding read.' },
    ),
    byok: Type.Object(
      {
        usedMinutes: Type.Number({
          description:
            'Minutes of calls and interviews made with `byok` keys, all time, each rounded up to the started minute like a charge. Billed per minute; never drawn from `credits`.',
        }),
      },
      { description: 'Traffic on the organization’s own provider credentials, outside credits.' },
    ),
    limits: Type.Object({
      maxAgents: Type.Integer(),
      maxUsers: Type.Integer(),
      maxConcurrentCalls: Type.Integer(),
      maxCampaigns: Type.Integer({ description: 'Campaigns not archived (an addition to the v1 fields; default 100).' }),
      maxRecipients: Type.Integer({
        description: 'Recipients stored in campaigns not archived (an addition; default 1,000,000). An import that would pass it is refused whole.',
      }),
      maxContacts: Type.Integer({ description: 'Contacts (an addition; default 100,000).' }),
      maxOpenInterviews: Type.Integer({ description: 'Interviews `created` or `active` (an addition; default 1,000).' }),
    }),
    used: Type.Object(
      {
        agents: Type.Integer(),
        users: Type.Integer(),
        concurrentCalls: Type.Integer({ description: 'Calls `created` or `active` now.' }),
        campaigns: Type.Integer({ description: 'Campaigns not archived.' }),
        recipients: Type.Integer({ description: 'Recipients stored in campaigns not archived (an import still running is not counted).' }),
        contacts: Type.Integer(),
        openInterviews: Type.Integer({ description: 'Interviews `created` or `active`.' }),
      },
      { description: 'How much of each limit is taken now (an addition to the v1 fields).' },
    ),
  },
  { title: 'usage' },
);
