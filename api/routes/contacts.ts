import type { Types } from 'mongoose';
import {
  addContact,
  eraseContact,
  findContact as findStoredContact,
  importContactRows,
  listContacts,
  updateContact,
  type ContactRecord,
} from '../../domain/contacts';
import { checkPhoneNumber } from '../callTarget';
import { RowErrors, notFound, validationError } from '../errors';
import { streamJsonArray } from '../middleware/jsonStream';
import { check, compile } from '../validation';
import { defineRoute, type Req } from '../defineRoute';
import {
  CONTACT_IMPORT_BODY_LIMIT_BYTES,
  Contact,
  CreateContactBody,
  DO_NOT_CALL_RULE,
  DeletedContact,
  ERASURE_RULE,
  ImportContactsBody,
  ImportContactsResult,
  ListContactsQuery,
  MAX_CONTACT_ROWS,
  TIMEZONE_RULE,
  UpdateContactBody,
  checkContactTimezone,
  contactRepresentation,
} from '../schemas/contacts';
import { IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';

const ATTRIBUTES_RULE =
  '`attributes` are call variables: a call placed with `POST /calls` to the contact’s number, and a campaign recipient imported with it, gets those named like a `{{placeholder}}` of the agent, unless the request’s or import row’s own `variables` give that name. ' +
  'A campaign recipient also takes the contact’s `timezone` first, before the import row’s; both are read at import, so a contact changed later does not change an imported recipient.';

const IMPORT_CLAIM_RULE =
  'One import at a time per organization (this one and `POST /campaigns/{id}/recipients`): another is 409 `IMPORT_IN_PROGRESS` at once, before its body is read; the body is parsed as it arrives.';

const QUOTA_RULE =
  'Contacts count against the organization’s `maxContacts` (403 `QUOTA_EXCEEDED` beyond it); erasing a contact frees its place. A contact the service creates because its number opted out during a call is always recorded, even beyond the limit.';

const validateContactRow = compile(ImportContactsBody.properties.contacts.items, 'body');

async function findContact(organizationId: Types.ObjectId, id: string): Promise<ContactRecord> {
  const contact = await findStoredContact(organizationId, id);
  if (!contact) throw notFound('contact', 'path.id');
  return contact;
}

export const contactRoutes = [
  defineRoute({
    operationId: 'listContacts',
    method: 'get',
    path: '/contacts',
    tag: 'Contacts',
    summary: 'List contacts, newest first',
    description: 'Filters combine: `phoneNumber` (exact E.164), `doNotCall`, `externalRef`.',
    auth: 'apiKey',
    scope: 'contacts:manage',
    query: ListContactsQuery,
    status: 200,
    responses: { 200: { description: 'A page of contacts.', schema: ListOf(Contact, 'contact') } },
    handler: async ({ query, auth }: Req<{ query: typeof ListContactsQuery }>) => {
      const { docs, total } = await listContacts(auth.organizationId, query);
      return listEnvelope('contact', docs.map(contactRepresentation), total, query);
    },
  }),
  defineRoute({
    operationId: 'createContact',
    method: 'post',
    path: '/contacts',
    tag: 'Contacts',
    summary: 'Create a contact',
    description: `One contact per phone number in an organization: a second is 409 \`DUPLICATE_CONTACT\`. The number cannot change later. ${TIMEZONE_RULE} ${ATTRIBUTES_RULE} ${DO_NOT_CALL_RULE} ${ERASURE_RULE} ${QUOTA_RULE}`,
    auth: 'apiKey',
    scope: 'contacts:manage',
    body: CreateContactBody,
    status: 201,
    responses: { 201: { description: 'The new contact.', schema: Contact }, ...errorResponses(409) },
    handler: async ({ body, auth, config }: Req<{ body: typeof CreateContactBody }>) => {
      checkPhoneNumber(body.phoneNumber, 'body');
      checkContactTimezone(body.timezone, 'body');
      const { phoneNumber, ...fields } = body;
      return contactRepresentation(await addContact(config.contacts.doNotCallHashKey, auth.organizationId, phoneNumber, fields));
    },
  }),
  defineRoute({
    operationId: 'importContacts',
    method: 'post',
    path: '/contacts/import',
    tag: 'Contacts',
    summary: 'Create or update many contacts',
    description:
      `Up to ${MAX_CONTACT_ROWS.toLocaleString('en-US')} rows and 64 MiB (a row nested deeper than its schema or larger than 1 MiB is refused as soon as it is read), each checked like \`POST /contacts\`; any bad row rejects the whole import with 400 and nothing is stored: \`param\` names the first, e.g. \`body.contacts[12].phoneNumber\`, and \`error.details\` lists every bad row found, each \`{param, message}\` by its first error, in row order, up to 100. A number may appear once per import. ` +
      'A row whose number has no contact creates one; otherwise it updates that contact with the fields the row gives. `doNotCall: true` suppresses the number; an import never lifts a suppression (`PATCH` one contact for that). ' +
      'Rows are applied in order; an import that fails partway (a server error) leaves the rows before it applied, and sending it again is safe. ' +
      `${QUOTA_RULE} ${IMPORT_CLAIM_RULE} An import whose new numbers would pass \`maxContacts\` is refused before any row is applied; one that passes it only because contacts were created meanwhile stops at that thousand-row batch (its new contacts removed, earlier batches applied).`,
    auth: 'apiKey',
    scope: 'contacts:manage',
    body: ImportContactsBody,
    bodyType: 'stream',
    bodyLimitBytes: CONTACT_IMPORT_BODY_LIMIT_BYTES,
    status: 201,
    responses: { 201: { description: 'Every row applied.', schema: ImportContactsResult }, ...errorResponses(409, 413) },
    handler: async ({ auth, ctx, config }: Req) => {
      const counts = await importContactRows(config.contacts.doNotCallHashKey, auth.organizationId, async () => {
        // Every row is checked, and the quota, before any is applied: the rows are kept (the body's text is not); after a bad row only the checks go on, to list every bad row.
        const contacts: ImportContactsBody['contacts'] = [];
        const seen = new Map<string, number>();
        const bad = new RowErrors();
        let i = 0;
        for await (const row of streamJsonArray(ctx, {
          field: 'contacts',
          limitBytes: CONTACT_IMPORT_BODY_LIMIT_BYTES,
          minItems: 1,
          maxItems: MAX_CONTACT_ROWS,
          maxDepth: 2,
        })) {
          const index = i++;
          bad.check(index, () => {
            const param = `body.contacts[${index}]` as const;
            check(validateContactRow, row, param);
            const contact = row as ImportContactsBody['contacts'][number];
            checkPhoneNumber(contact.phoneNumber, param);
            checkContactTimezone(contact.timezone, param);
            const first = seen.get(contact.phoneNumber);
            if (first !== undefined)
              throw validationError(`${param}.phoneNumber repeats body.contacts[${first}]; a number appears once per import.`, `${param}.phoneNumber`);
            seen.set(contact.phoneNumber, index);
            if (bad.count === 0) contacts.push(contact);
          });
          if (bad.full) break;
        }
        bad.throwIfAny();
        return contacts;
      });
      return { object: 'contact_import' as const, ...counts };
    },
  }),
  defineRoute({
    operationId: 'getContact',
    method: 'get',
    path: '/contacts/{id}',
    tag: 'Contacts',
    resource: 'contact',
    summary: 'Retrieve a contact',
    auth: 'apiKey',
    scope: 'contacts:manage',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The contact.', schema: Contact } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => contactRepresentation(await findContact(auth.organizationId, params.id)),
  }),
  defineRoute({
    operationId: 'updateContact',
    method: 'patch',
    path: '/contacts/{id}',
    tag: 'Contacts',
    resource: 'contact',
    summary: 'Update a contact',
    description: `Only supplied fields change; \`phoneNumber\` cannot (create a contact for another number). ${TIMEZONE_RULE} ${DO_NOT_CALL_RULE}`,
    auth: 'apiKey',
    scope: 'contacts:manage',
    params: IdParams,
    body: UpdateContactBody,
    status: 200,
    responses: { 200: { description: 'The updated contact.', schema: Contact } },
    handler: async ({ params, body, auth, config }: Req<{ params: typeof IdParams; body: typeof UpdateContactBody }>) => {
      const contact = await findContact(auth.organizationId, params.id);
      checkContactTimezone(body.timezone, 'body');
      await updateContact(config.contacts.doNotCallHashKey, contact, body);
      return contactRepresentation(await findContact(auth.organizationId, params.id));
    },
  }),
  defineRoute({
    operationId: 'deleteContact',
    method: 'delete',
    path: '/contacts/{id}',
    tag: 'Contacts',
    resource: 'contact',
    summary: 'Erase a contact',
    description: ERASURE_RULE,
    auth: 'apiKey',
    scope: 'contacts:manage',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The contact was erased.', schema: DeletedContact } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => {
      await eraseContact(await findContact(auth.organizationId, params.id));
      return { id: params.id, object: 'contact' as const, deleted: true as const };
    },
  }),
];
