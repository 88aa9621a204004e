import { Type } from '@sinclair/typebox';
import { Id } from './common';

export const Usage = Type.Object(
  {
    object: Type.Literal('usage'),
    organization: Type.Object({ id: Id, name: Type.String(), plan: Type.String() }),
    credits: Type.Object(
      {
        allocatedMinutes: Type.Number({ description: 'Minutes granted to the organization, all time.' }),
        usedMinutes: Type.Number({ description: 'Minutes charged for calls and interviews, all time.' }),
        remainingMinutes: Type.Number({ description: '`allocatedMinutes - usedMinutes`, never below 0.' }),
      },
      { description: 'A snapshot: the answer of `POST /calls` is authoritative over a preceding read.' },
    ),
    limits: Type.Object({ maxAgents: Type.Integer(), maxUsers: Type.Integer(), maxConcurrentCalls: Type.Integer() }),
  },
  { title: 'usage' },
);
