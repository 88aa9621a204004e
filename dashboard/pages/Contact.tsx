/** One contact: edit its fields, put its number on or off do-not-call, or erase it. */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { del, patch } from '../http';
import { href, type PageProps } from '../routes';
import { Badge, ConfirmButton, ErrorNote, FormError, Loaded, PageTitle, Time } from '../ui';
import { ContactFields, contactBody, formOf, type ContactForm } from '../parts/ContactFields';
import type { Contact } from '../types';

function Edit(props: { contact: Contact; onSaved: () => Promise<void> }) {
  const [form, setForm] = useState(formOf(props.contact));
  const [saved, setSaved] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    setSaved(false);
    // Only what changed: an untouched time zone the number determined is not pinned.
    const before = formOf(props.contact);
    const body = contactBody(form, 'update');
    await patch(
      `/contacts/${props.contact.id}`,
      Object.fromEntries(Object.entries(body).filter(([name]) => form[name as keyof ContactForm] !== before[name as keyof ContactForm])),
    );
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
            <Badge tone="bad">do-not-call</Badge> <span class="muted">· {c.doNotCallReason?.replace(/_/g, ' ')} ·</span> <Time at={c.doNotCallSince} />. No call
            or campaign dials this number.
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
  const { submit, error, busy } = useSubmit(async () => {
    await del(`/contacts/${props.contact.id}`);
    location.hash = href('/contacts');
  });
  return (
    <section class="card" aria-labelledby="erase-title">
      <h2 id="erase-title">Erase</h2>
      <p class="muted">Removes the contact and its personal data; a do-not-call number stays suppressed.</p>
      {error && <ErrorNote error={error} />}
      <ConfirmButton label="Erase contact…" confirm={`Erase ${props.contact.phoneNumber}`} keep="Keep it" busy={busy} onConfirm={() => void submit()} />
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
