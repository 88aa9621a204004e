/**
 * Contacts: found by number, do-not-call or reference (GET /contacts's filters), added one at a
 * time or imported from a CSV file; each opens on its own page to edit, suppress or erase.
 */
import { useState } from 'preact/hooks';
import { CsvImport } from '../csv';
import { useGet, useSubmit } from '../hooks';
import { post, query, type Page } from '../http';
import { FilterSelect, ListTable } from '../lists';
import { countryName, e164, useDefaultCountry } from '../phone';
import { href } from '../routes';
import { Badge, Field, FormError, PageTitle, Time, useId } from '../ui';
import { ContactFields, contactBody, emptyContactForm } from '../parts/ContactFields';
import type { Contact } from '../types';

/** The CSV columns that are a contact's own fields; every other column is an attribute of that name. */
const FIELDS = ['phoneNumber', 'name', 'email', 'timezone', 'externalRef', 'doNotCall'];

function contactRow(cells: Record<string, string>) {
  const row: Record<string, unknown> = {};
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(cells)) {
    if (name === 'doNotCall') {
      if (value.trim() !== '') row.doNotCall = /^(true|yes|1)$/i.test(value.trim()) ? true : /^(false|no|0)$/i.test(value.trim()) ? false : value;
    } else if (FIELDS.includes(name)) {
      if (value !== '' || name === 'phoneNumber') row[name] = value.trim();
    } else if (value !== '') attributes[name] = value;
  }
  if (Object.keys(attributes).length) row.attributes = attributes;
  return row;
}

function NewContact(props: { onCreated: () => Promise<void> }) {
  const [form, setForm] = useState(emptyContactForm);
  const [phoneNumber, setPhoneNumber] = useState('');
  const [done, setDone] = useState('');
  const country = useDefaultCountry();
  const { submit, error, busy } = useSubmit(async () => {
    const created = await post<Contact>('/contacts', { phoneNumber: e164(phoneNumber, country), ...contactBody(form, 'create') });
    setDone(created.phoneNumber);
    setPhoneNumber('');
    setForm(emptyContactForm);
    await props.onCreated();
  });
  return (
    <details class="card">
      <summary>Add a contact</summary>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {done && <p role="status">Added {done}.</p>}
        <FormError error={error} params={['body.phoneNumber', 'body.name', 'body.email', 'body.timezone', 'body.externalRef', 'body.attributes']} />
        <Field
          label="Phone number"
          param="body.phoneNumber"
          error={error}
          hint={country ? `With its country code, or as dialled in ${countryName(country)}.` : 'With its country code, such as +44 20 7123 4567.'}
        >
          {(c) => <input {...c} type="tel" value={phoneNumber} onInput={(e) => setPhoneNumber(e.currentTarget.value)} />}
        </Field>
        <ContactFields form={form} setForm={setForm} error={error} />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            Add contact
          </button>
        </div>
      </form>
    </details>
  );
}

export function Contacts() {
  const [filters, setFilters] = useState({ phoneNumber: '', doNotCall: '', externalRef: '' });
  const [page, setPage] = useState(1);
  const [imported, setImported] = useState('');
  const ids = { phone: useId('phone'), ref: useId('ref') };
  const contacts = useGet<Page<Contact>>(`/contacts${query({ ...filters, page, limit: 25 })}`);
  const set = (name: keyof typeof filters) => (e: Event) => (
    setFilters({ ...filters, [name]: (e.currentTarget as HTMLInputElement).value.trim() }),
    setPage(1)
  );
  return (
    <>
      <PageTitle>Contacts</PageTitle>
      <NewContact onCreated={contacts.reload} />
      <details class="card">
        <summary>Import contacts from a CSV file</summary>
        {imported && <p role="status">{imported}</p>}
        <CsvImport
          label="Contacts CSV file"
          hint="A header row, then a contact per line: phoneNumber (with its country code, such as +442079460001, or as dialled in your organization’s first country), optional name, email, timezone, externalRef and doNotCall (true or false); every other column is an attribute, by its name. Headers may be written as in a spreadsheet: “Phone number” is phoneNumber, “First Name” the attribute firstName. A number already a contact is updated."
          field="contacts"
          fields={FIELDS}
          toRow={contactRow}
          send={async (rows) => {
            const result = await post<{ created: number; updated: number }>('/contacts/import', { contacts: rows });
            setImported(`Imported: ${result.created} created, ${result.updated} updated.`);
            await contacts.reload();
          }}
        />
      </details>
      <form class="filters" role="search" aria-label="Contacts" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for={ids.phone}>Phone number</label>
          <input id={ids.phone} type="search" placeholder="+442071234567" onChange={set('phoneNumber')} />
        </div>
        <FilterSelect
          label="Do-not-call"
          value={filters.doNotCall}
          options={[
            ['true', 'Do-not-call only'],
            ['false', 'Callable only'],
          ]}
          onChange={(doNotCall) => (setFilters({ ...filters, doNotCall }), setPage(1))}
        />
        <div class="field">
          <label for={ids.ref}>Your reference</label>
          <input id={ids.ref} type="search" onChange={set('externalRef')} />
        </div>
      </form>
      <ListTable
        state={contacts}
        empty="No contacts match."
        rowKey={(c) => c.id}
        pageNumber={page}
        onPage={setPage}
        columns={[
          ['Number', (c) => <a href={href(`/contacts/${c.id}`)}>{c.phoneNumber}</a>],
          ['Name', (c) => c.name ?? ''],
          ['Do-not-call', (c) => (c.doNotCall ? <Badge tone="bad">do-not-call</Badge> : <span class="muted">no</span>)],
          ['Added', (c) => <Time at={c.createdAt} />],
        ]}
      />
    </>
  );
}
