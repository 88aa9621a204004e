/**
 * API keys: create (the plaintext shown once), list, revoke, and a guided rotation. Scopes offered
 * are the ones the signed-in user holds; byok shows whether the organization's provider
 * credentials are ready. The form is checked against the API's schema before it is sent.
 */
import { createApiKey } from 'api-schemas';
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { del, post, query, type Page } from '../http';
import { FilterSelect } from '../lists';
import { PermissionPicker } from '../permissions';
import { CREDENTIAL_KINDS, type ApiKey, type ProviderCredential } from '../types';
import { Badge, Choice, ConfirmButton, CopyButton, Field, FormError, Loaded, PageTitle, Table, Time } from '../ui';
import { validated } from '../validate';
import { Rotation, keyBody, keyStatus } from '../parts/KeyRotation';

/** The plaintext of a key just created: the only time it is ever shown. */
function NewKey(props: { apiKey: ApiKey; onDone: () => void }) {
  return (
    <section class="card" aria-labelledby="new-key-title">
      <h2 id="new-key-title">Your new key “{props.apiKey.name}”</h2>
      <p>Copy it now and store it safely: it is shown only this once, and nobody (us included) can show it again.</p>
      <div class="secret">
        <code data-testid="new-key">{props.apiKey.key}</code>
        <CopyButton text={props.apiKey.key!} label="Copy the new key" />
      </div>
      <p>
        <button type="button" onClick={props.onDone}>
          I have stored it
        </button>
      </p>
    </section>
  );
}

function ByokReadiness() {
  const credentials = useGet<Page<ProviderCredential>>('/dashboard/provider-credentials');
  return (
    <Loaded state={credentials}>
      {(page) => {
        const missing = CREDENTIAL_KINDS.filter((kind) => !page.data.some((c) => c.kind === kind && c.verified));
        return missing.length === 0 ? (
          <small>Ready: verified llm, stt and tts credentials.</small>
        ) : (
          <small>
            Not ready: verify {missing.join(', ')} under <a href="#/credentials">Provider credentials</a> first (the API refuses a byok key until then).
          </small>
        );
      }}
    </Loaded>
  );
}

function CreateKey(props: { onCreated: (key: ApiKey) => void }) {
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [scopes, setScopes] = useState<string[]>([]);
  const [origins, setOrigins] = useState('');
  const [rate, setRate] = useState('120');
  const [expires, setExpires] = useState('');
  const [byok, setByok] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    const body = keyBody({
      name,
      mode,
      scopes,
      allowedOrigins: origins.split(/\s+/).filter(Boolean),
      rateLimitPerMinute: Number(rate),
      expiresAt: expires ? new Date(expires).toISOString() : null,
      byok,
    });
    props.onCreated(
      await post<ApiKey>(
        '/api-keys',
        validated(createApiKey, body, {
          'body.allowedOrigins': 'Use an origin such as https://app.example.com (https, a host, an optional port; http only for localhost).',
        }),
      ),
    );
  });
  const params = ['body.name', 'body.mode', 'body.scopes', 'body.allowedOrigins', 'body.rateLimitPerMinute', 'body.expiresAt', 'body.byok'];
  return (
    <section class="card" aria-labelledby="create-key-title">
      <h2 id="create-key-title">Create a key</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormError error={error} params={params} />
        <Field label="Name" param="body.name" error={error}>
          {(c) => <input {...c} value={name} onInput={(e) => setName(e.currentTarget.value)} />}
        </Field>
        <Field label="Mode" param="body.mode" error={error} hint="Test keys start with rb_test_, live keys with rb_live_.">
          {(c) => <Choice control={c} value={mode} onChange={setMode} options={['live', 'test'] as const} />}
        </Field>
        <PermissionPicker
          legend="Scopes"
          param="body.scopes"
          value={scopes}
          onChange={setScopes}
          error={error}
          hint="Only the permissions you hold: a key never does more than its creator may."
        />
        <Field
          label="Allowed origins"
          param="body.allowedOrigins"
          error={error}
          hint="For pages that embed interviews: one origin per line, e.g. https://app.example.com."
        >
          {(c) => <textarea {...c} rows={2} value={origins} onInput={(e) => setOrigins(e.currentTarget.value)} />}
        </Field>
        <Field label="Rate limit (requests per minute)" param="body.rateLimitPerMinute" error={error}>
          {(c) => <input {...c} type="number" inputMode="numeric" value={rate} onInput={(e) => setRate(e.currentTarget.value)} />}
        </Field>
        <Field label="Expires at (optional)" param="body.expiresAt" error={error}>
          {(c) => <input {...c} type="datetime-local" value={expires} onInput={(e) => setExpires(e.currentTarget.value)} />}
        </Field>
        <div class="field">
          <label class="check">
            <input type="checkbox" checked={byok} onChange={(e) => setByok(e.currentTarget.checked)} aria-describedby="byok-readiness" /> Bring your own keys
            (byok): run on your provider credentials, billed per minute outside credits
          </label>
          <span id="byok-readiness">
            <ByokReadiness />
          </span>
          {error?.param === 'body.byok' && <p class="field-error">{error.message}</p>}
        </div>
        <button type="submit" class="primary" disabled={busy}>
          Create key
        </button>
      </form>
    </section>
  );
}

function KeyRow(props: { apiKey: ApiKey; onChanged: () => void; onRotate: (key: ApiKey) => void }) {
  const key = props.apiKey;
  const revoke = useSubmit(async () => {
    await del(`/api-keys/${key.id}`);
    props.onChanged();
  });
  const status = keyStatus(key);
  return (
    <tr>
      <th scope="row">
        {key.name}
        <br />
        <span class="muted">…{key.last4}</span>
      </th>
      <td>
        {key.mode}
        {key.byok && ' · byok'}
      </td>
      <td>
        <span class="tags">
          {key.scopes.map((s) => (
            <Badge key={s}>{s}</Badge>
          ))}
        </span>
      </td>
      <td>
        <Time at={key.lastUsedAt} never="never" />
      </td>
      <td>
        <Badge tone={status.tone}>{status.label}</Badge>
      </td>
      <td>
        {status.label === 'active' && (
          <span class="actions">
            <button type="button" onClick={() => props.onRotate(key)} aria-label={`Rotate ${key.name}`}>
              Rotate
            </button>
            <ConfirmButton
              label="Revoke"
              ariaLabel={`Revoke ${key.name}`}
              confirm={`Confirm revoking ${key.name}`}
              keep="Keep it"
              busy={revoke.busy}
              onConfirm={() => void revoke.submit()}
            />
          </span>
        )}
        <FormError error={revoke.error} />
      </td>
    </tr>
  );
}

/**
 * The keys newest first, the active ones unless another status is picked (revoked keys stay out of
 * the way), and the form to create one above them.
 */
export function ApiKeys() {
  const [status, setStatus] = useState('active');
  const keys = useGet<Page<ApiKey>>(`/api-keys${query({ status, limit: 100 })}`);
  const [created, setCreated] = useState<ApiKey>();
  const [rotating, setRotating] = useState<ApiKey>();
  return (
    <>
      <PageTitle>API keys</PageTitle>
      {created && <NewKey apiKey={created} onDone={() => setCreated(undefined)} />}
      {rotating && <Rotation old={rotating} onChanged={() => void keys.reload()} onClose={() => setRotating(undefined)} />}
      <CreateKey
        onCreated={(key) => {
          setCreated(key);
          void keys.reload();
          scrollTo(0, 0);
        }}
      />
      <section class="card" aria-labelledby="keys-title">
        <h2 id="keys-title">Keys</h2>
        <div class="filters">
          <FilterSelect
            label="Status"
            value={status}
            options={[
              ['active', 'Active'],
              ['revoked', 'Revoked'],
              ['expired', 'Expired'],
            ]}
            onChange={setStatus}
          />
        </div>
        <Loaded state={keys} empty={status === 'active' ? 'No active keys.' : 'No keys match.'} isEmpty={(page) => page.data.length === 0}>
          {(page) => (
            <Table headers={['Name', 'Mode', 'Scopes', 'Last used', 'Status', 'Actions']}>
              {page.data.map((key) => (
                <KeyRow key={key.id} apiKey={key} onChanged={() => void keys.reload()} onRotate={setRotating} />
              ))}
            </Table>
          )}
        </Loaded>
      </section>
    </>
  );
}
