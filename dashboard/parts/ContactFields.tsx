/** A contact's editable fields as a form, and the request body it makes for create or update. */
import type { ApiError } from '../http';
import type { Contact } from '../types';
import { Field } from '../ui';

export const emptyContactForm = { name: '', email: '', timezone: '', externalRef: '', attributes: '' };
export type ContactForm = typeof emptyContactForm;

export const formOf = (c: Contact): ContactForm => ({
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
      <Field
        label="Attributes"
        param="body.attributes"
        error={props.error}
        hint="One name=value per line; used as call variables named like the agent's placeholders."
      >
        {(c) => <textarea {...c} rows={3} value={props.form.attributes} onInput={set('attributes')} />}
      </Field>
    </>
  );
}
