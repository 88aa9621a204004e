import { Type, type Static } from '@sinclair/typebox';
import { DO_NOT_CALL_REASONS, type ContactRecord } from '../../domain/contacts';
import { iso } from '../../lib/time';
import { validationError } from '../errors';
import { isTimezone } from './campaigns';
import { E164_FORM, Id, NameOrEmpty, PageQuery, PhoneNumberInput, StringEnum, Timestamp } from './common';

const nullable = <T extends import('@sinclair/typebox').TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

export const TIMEZONE_RULE =
  '`timezone`: the IANA zone given, else the one the number determines (libphonenumber’s prefix data: a Berlin landline gives Europe/Berlin, a US number its area code’s zone), else null where the number spans several zones (most mobile ranges of large countries) or none is known.';
export const DO_NOT_CALL_RULE =
  'Do-not-call: `POST /calls` to the number answers 409 `DO_NOT_CALL` before anything is dialled, created or charged; a campaign recipient with the number is `suppressed` at import and never dialled, and a number suppressed after launch is checked again right before each attempt. ' +
  'A number becomes do-not-call with `doNotCall: true` (reason `manual`) or when the person asks in a call not to be called again (reason `opted_out_in_call`, with the call’s id; the contact is created if absent). Only `PATCH {"doNotCall": false}` lifts it.';
export const ERASURE_RULE =
  'Erasure: `DELETE` removes the contact and its personal data. A number that was do-not-call stays suppressed: the service keeps only an HMAC-SHA256 of the number under a server secret (`DO_NOT_CALL_HASH_KEY`), with the reason and date, which recognises the number when it is dialled or added again (a contact created for it again is do-not-call) but cannot be turned back into it.';

const fields = {
  name: NameOrEmpty(200),
  email: Type.String({ maxLength: 320, format: 'email' }),
  timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. `Europe/London`.' }),
  externalRef: Type.String({ maxLength: 500, description: 'Your identifier for the contact.' }),
  attributes: Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }), Type.String({ maxLength: 2000 }), {
    maxProperties: 50,
    // A record's key pattern only picks the properties its value schema checks; this refuses the rest,
    // among them names the store refuses ("$x", "a.b").
    additionalProperties: false,
    description:
      'Your data about the person, string values only (up to 50), named by 1-64 letters, digits and `_`, not starting with a digit. Stored for use as call variables: see the description of the contacts routes.',
  }),
  doNotCall: Type.Boolean({ description: 'Suppress every dial to this number.' }),
};

export const CreateContactBody = Type.Object(
  {
    phoneNumber: PhoneNumberInput('E.164, e.g. +14155550123; one contact per number in an organization.'),
    name: Type.Optional(fields.name),
    email: Type.Optional(fields.email),
    timezone: Type.Optional(fields.timezone),
    externalRef: Type.Optional(fields.externalRef),
    attributes: Type.Optional(fields.attributes),
    doNotCall: Type.Optional(fields.doNotCall),
  },
  { additionalProperties: false, title: 'contact_create' },
);
export type CreateContactBody = Static<typeof CreateContactBody>;

export const UpdateContactBody = Type.Object(
  {
    name: Type.Optional(nullable(fields.name)),
    email: Type.Optional(nullable(fields.email)),
    timezone: Type.Optional(nullable(fields.timezone, 'null: back to the zone the number determines, if any.')),
    externalRef: Type.Optional(nullable(fields.externalRef)),
    attributes: Type.Optional({ ...fields.attributes, description: 'Replaces the attributes as a whole.' }),
    doNotCall: Type.Optional({
      ...fields.doNotCall,
      description: '`true` suppresses the number (reason `manual`); `false` lifts a suppression, whatever its reason.',
    }),
  },
  { additionalProperties: false, title: 'contact_update' },
);

export const ListContactsQuery = Type.Object(
  {
    phoneNumber: Type.Optional(
      Type.String({ maxLength: 30, [E164_FORM]: true, description: 'This number, in E.164 or another spelling of it (`+` written `%2B` in a query).' }),
    ),
    doNotCall: Type.Optional(Type.Boolean()),
    externalRef: Type.Optional(Type.String({ maxLength: 500 })),
    ...PageQuery,
  },
  { additionalProperties: false },
);

export const Contact = Type.Object(
  {
    id: Id,
    object: Type.Literal('contact'),
    phoneNumber: Type.String(),
    name: nullable(Type.String()),
    email: nullable(Type.String()),
    timezone: nullable(Type.String(), TIMEZONE_RULE),
    externalRef: nullable(Type.String()),
    attributes: Type.Record(Type.String(), Type.String()),
    doNotCall: Type.Boolean(),
    doNotCallReason: nullable(StringEnum(DO_NOT_CALL_REASONS), '`manual` (set through the API) or `opted_out_in_call`; null when not do-not-call.'),
    doNotCallSince: nullable(Timestamp),
    doNotCallCallId: nullable(Id, 'With `opted_out_in_call`: the call in which the person asked.'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'contact' },
);
export type Contact = Static<typeof Contact>;

export function contactRepresentation(c: ContactRecord): Contact {
  return {
    id: String(c._id),
    object: 'contact',
    phoneNumber: c.phoneNumber,
    name: c.name ?? null,
    email: c.email ?? null,
    timezone: c.timezone ?? null,
    externalRef: c.externalRef ?? null,
    attributes: c.attributes ?? {},
    doNotCall: c.doNotCall === true,
    doNotCallReason: c.doNotCallReason ?? null,
    doNotCallSince: iso(c.doNotCallSince),
    doNotCallCallId: c.doNotCallCallId ? String(c.doNotCallCallId) : null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export const DeletedContact = Type.Object({ id: Id, object: Type.Literal('contact'), deleted: Type.Literal(true) }, { title: 'contact_deleted' });

/** The import route's own body limit: 100,000 contacts with a few attributes each fit. */
export const CONTACT_IMPORT_BODY_LIMIT_BYTES = 64 * 1024 * 1024;
export const MAX_CONTACT_ROWS = 100_000;

export const ImportContactsBody = Type.Object(
  { contacts: Type.Array({ ...CreateContactBody, title: 'contact_import_row' }, { minItems: 1, maxItems: MAX_CONTACT_ROWS }) },
  { additionalProperties: false, title: 'contact_import' },
);
export type ImportContactsBody = Static<typeof ImportContactsBody>;

export const ImportContactsResult = Type.Object(
  {
    object: Type.Literal('contact_import'),
    total: Type.Integer({ description: 'Rows imported.' }),
    created: Type.Integer({ description: 'Rows whose number had no contact.' }),
    updated: Type.Integer({ description: 'Rows that updated the contact of their number.' }),
  },
  { title: 'contact_import_result' },
);

/** What the schemas cannot say about a contact's `timezone`; `param` is where the object sits. */
export function checkContactTimezone(timezone: string | null | undefined, param: string): void {
  if (typeof timezone === 'string' && !isTimezone(timezone)) {
    throw validationError(`${param}.timezone must be an IANA time zone such as Europe/London or UTC.`, `${param}.timezone`);
  }
}
