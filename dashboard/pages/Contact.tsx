/** One contact: edit its fields, put its number on or off do-not-call, or erase it. */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { del, patch, type ApiError } from '../http';
import { href, type PageProps } from '../routes';
import { Badge, ErrorNote, Field, FormError, Loaded, PageTitle, Time } from '../ui';

export interface Contact {
  id: string;
  phoneNumber: string;
  name: string | null;
  email: string | null;
  timezone: string | null;
  externalRef: string | null;
  attributes: Record<string, string> | null;
  doNotCall: boolean;
  doNotCallReason: string | null;
  doNotCallSince: string | null;
  createdAt: string;
}

export const emptyContactForm = { name: '', email: '', timezone: '', externalRef: '', attributes: '' };
type ContactForm = typeof emptyContactForm;

const formOf = (c: Contact): ContactForm => ({
  name: c.name ?? '',
  email: c.email ?? '',
  timezone: c.timezone ?? '',
  externalRef: c.externalRef ?? '',
  attributes: Object.entries(c.attributes ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('\n'),
});

/** The body of POST (empty fields left out) or PATCH (empty fields cleared: null) from the form. */
export function contactBody(form: ContactForm, use: 'create' | 'update') {
  const empty = use === 'create' ? undefined : null;
  const attributes = Object.fromEntries(
    form.attributes
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => [line.split('=')[0]!.trim(), line.slice(line.indexOf('=') + 1).trim()]),
  );
  return {
    name: form.name || empty,
    email: form.email || empty,
    timezone: form.timezone || empty,
    externalRef: form.externalRef || empty,
    attributes: use === 'create' && Object.keys(attributes).length === 0 ? undefined : attributes,
  };
}

export function ContactFields(props: { form: ContactForm; setForm: (form: ContactForm) => void; error?: ApiError }) {
  const set = (name: keyof ContactForm) => (e: Event) => props.setForm({ ...props.form, [name]: (e.currentTarget as HTMLInputElement).value });
  return (
    <>
      <Field label="Name" param="body.name" error={props.error}>
        {(c) => <input {...c} value={props.form.name} onInput={set('name')} />}
      </Field>
      <Field label="Email" param="body.email" error={props.error}>
        {(c) => <input {...c} type="email" value={props.form.email} onInput={set('email')} />}
      </Field>
      <Field label="Time zone" param="body.timezone" error={props.error} hint="IANA name; empty: the one the number determines.">
        {(c) => <input {...c} value={props.form.timezone} onInput={set('timezone')} />}
      </Field>
      <Field label="Your reference" param="body.externalRef" error={props.error}>
        {(c) => <input {...c} value={props.form.externalRef} onInput={set('externalRef')} />}
      </Field>
      <Field label="Attributes" param="body.attributes" error={props.error} hint="One name=value per line; used as call variables named like the agent's placeholders.">
        {(c) => <textarea {...c} rows={3} value={props.form.attributes} onInput={set('attributes')} />}
      </Field>
    </>
  );
}

function Edit(props: { contact: Contact; onSaved: () => Promise<void> }) {
  const [form, setForm] = useState(formOf(props.contact));
  const [saved, setSaved] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    setSaved(false);
    // Only what changed: an untouched time zone the number determined is not pinned.
    const before = formOf(props.contact);
    const body = contactBody(form, 'update');
    await patch(`/contacts/${props.contact.id}`, Object.fromEntries(Object.entries(body).filter(([name]) => form[name as keyof ContactForm] !== before[name as keyof ContactForm])));
    setSaved(true);
    await props.onSaved();
  });
  return (
    <section class="card" aria-labelledby="edit-title">
      <h2 id="edit-title">Details</h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {saved && <p role="status">Saved.</p>}
        <FormError error={error} params={['body.name', 'body.email', 'body.timezone', 'body.externalRef', 'body.attributes']} />
        <ContactFields form={form} setForm={setForm} error={error} />
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            Save
          </button>
        </div>
      </form>
    </section>
  );
}

function DoNotCall(props: { contact: Contact; onChanged: () => Promise<void> }) {
  const c = props.contact;
  const { submit, error, busy } = useSubmit(async () => {
    await patch(`/contacts/${c.id}`, { doNotCall: !c.doNotCall });
    await props.onChanged();
  });
  return (
    <section class="card" aria-labelledby="dnc-title">
      <h2 id="dnc-title">Do-not-call</h2>
      <p aria-live="polite">
        {c.doNotCall ? (
          <>
            <Badge tone="bad">do-not-call</Badge> <span class="muted">· {c.doNotCallReason?.replace(/_/g, ' ')} ·</span> <Time at={c.doNotCallSince} />. No call or campaign dials this number.
          </>
        ) : (
          'Calls and campaigns may dial this number.'
        )}
      </p>
      {error && <ErrorNote error={error} />}
      <button type="button" class={c.doNotCall ? '' : 'danger'} disabled={busy} onClick={() => void submit()}>
        {c.doNotCall ? 'Allow calls again' : 'Mark do-not-call'}
      </button>
    </section>
  );
}

function Erase(props: { contact: Contact }) {
  const [confirming, setConfirming] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    await del(`/contacts/${props.contact.id}`);
    location.hash = href('/contacts');
  });
  return (
    <section class="card" aria-labelledby="erase-title">
      <h2 id="erase-title">Erase</h2>
      <p class="muted">Removes the contact and its personal data; a do-not-call number stays suppressed.</p>
      {error && <ErrorNote error={error} />}
      {confirming ? (
        <div class="actions">
          <button type="button" class="danger" disabled={busy} onClick={() => void submit()}>
            Erase {props.contact.phoneNumber}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" class="danger" onClick={() => setConfirming(true)}>
          Erase contact…
        </button>
      )}
    </section>
  );
}

export function ContactPage(props: PageProps) {
  const contact = useGet<Contact>(`/contacts/${props.params.id!}`);
  return (
    <>
      <PageTitle>{contact.data ? `${contact.data.name || 'Contact'} · ${contact.data.phoneNumber}` : 'Contact'}</PageTitle>
      <Loaded state={contact}>
        {(c) => (
          <>
            <DoNotCall contact={c} onChanged={contact.reload} />
            <Edit contact={c} onSaved={contact.reload} />
            <Erase contact={c} />
          </>
        )}
      </Loaded>
    </>
  );
}
