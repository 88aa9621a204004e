import { Type, type Static } from '@sinclair/typebox';
import type { PhoneNumberRecord } from '../../models/phoneNumber';
import { Id, NameOrEmpty, PageQuery, PhoneNumberInput, Timestamp } from './common';

const E164 = PhoneNumberInput('E.164, e.g. +441134960000.');
const Label = NameOrEmpty(200, 'Your label for the number, e.g. "Support line".');

export const ClaimPhoneNumberBody = Type.Object(
  {
    phoneNumber: E164,
    agentId: Type.String({
      maxLength: 24,
      description: 'A phone agent of your organization whose `phone.direction` is `inbound` or `both`: it answers the number’s calls.',
    }),
    name: Type.Optional(Label),
  },
  { additionalProperties: false, title: 'phone_number_create' },
);

export const UpdatePhoneNumberBody = Type.Object(
  {
    agentId: Type.Optional(
      Type.String({
        maxLength: 24,
        description: 'Another phone agent taking inbound calls (`phone.direction` `inbound` or `both`); calls already in progress stay with their agent.',
      }),
    ),
    name: Type.Optional(Label),
  },
  { additionalProperties: false, title: 'phone_number_update' },
);

export const ListPhoneNumbersQuery = Type.Object({ agentId: Type.Optional(Id), ...PageQuery }, { additionalProperties: false });

export const TestCallBody = Type.Object(
  {
    from: Type.Optional(
      PhoneNumberInput(
        'The caller’s number, E.164; default +442079460100. A contact with this number lends its attributes; +442079460999 asks to be taken off the list.',
      ),
    ),
  },
  { additionalProperties: false, title: 'test_call_create' },
);

export const PhoneNumber = Type.Object(
  {
    id: Id,
    object: Type.Literal('phone_number'),
    phoneNumber: Type.String({ description: 'E.164.' }),
    agentId: Id,
    name: Type.String(),
    carrier: Type.String({ description: 'The carrier the number was claimed on: `simulated` or `twilio`.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'phone_number' },
);
export type PhoneNumber = Static<typeof PhoneNumber>;

export const ReleasedPhoneNumber = Type.Object(
  { id: Id, object: Type.Literal('phone_number'), deleted: Type.Literal(true) },
  { title: 'phone_number_deleted' },
);

export const phoneNumberRepresentation = (n: PhoneNumberRecord): PhoneNumber => ({
  id: String(n._id),
  object: 'phone_number',
  phoneNumber: n.phoneNumber,
  agentId: String(n.agentId),
  name: n.name ?? '',
  carrier: n.carrier,
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});
