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
        remainingMinutes: Type.Number({ description: '`allocatedMinutes - usedMinutes`, never below 0.' }),
      },
      { description: 'A snapshot: the answer of `POST /calls` is authoritative over a preceding read.' },
    ),
    byok: Type.Object(
      {
        usedMinutes: Type.Number({
          description: 'Minutes of calls and interviews made with `byok` keys, all time, each rounded up to the started minute like a charge. Billed per minute; never drawn from `credits`.',
        }),
      },
      { description: 'Traffic on the organization’s own provider credentials, outside credits.' },
    ),
    limits: Type.Object({ maxAgents: Type.Integer(), maxUsers: Type.Integer(), maxConcurrentCalls: Type.Integer() }),
  },
  { title: 'usage' },
);
