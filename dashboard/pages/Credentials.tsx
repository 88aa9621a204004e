/**
 * The organization's own vendor credentials (admins), one per kind, with their verification
 * state: what byok keys run on. A new one is verified with the vendor by the API at once.
 */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { del, put, type Page } from '../http';
import { CREDENTIAL_KINDS, type ProviderCredential } from '../types';
import { Badge, ConfirmButton, Field, FormError, Loaded, PageTitle, Time } from '../ui';

const KIND_NAMES: Record<(typeof CREDENTIAL_KINDS)[number], string> = { llm: 'Language model (llm)', stt: 'Speech to text (stt)', tts: 'Text to speech (tts)' };
/** Suggestions only: the API says which vendors a kind takes, and refuses others naming the field. */
const SUGGESTED: Record<(typeof CREDENTIAL_KINDS)[number], string[]> = {
  llm: ['mistral', 'gemini', 'groq'],
  stt: ['deepgram', 'google'],
  tts: ['elevenlabs', 'google', 'amazon'],
};

function CredentialForm(props: { kind: (typeof CREDENTIAL_KINDS)[number]; onSaved: () => void }) {
  const [provider, setProvider] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [accessKeyId, setAccessKeyId] = useState('');
  const [secretAccessKey, setSecretAccessKey] = useState('');
  const [region, setRegion] = useState('');
  const aws = provider === 'amazon';
  const { submit, error, busy } = useSubmit(async () => {
    try {
      await put(`/dashboard/provider-credentials/${props.kind}`, aws ? { provider, accessKeyId, secretAccessKey, region } : { provider, apiKey });
      setApiKey('');
      setSecretAccessKey('');
    } finally {
      // A refused credential may still be stored unverified, with the reason: show the list as it is now.
      props.onSaved();
    }
  });
  const listId = `vendors-${props.kind}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label={`Set the ${props.kind} credential`}
    >
      <FormError error={error} params={['body.provider', 'body.apiKey', 'body.accessKeyId', 'body.secretAccessKey', 'body.region']} />
      <Field label="Vendor" param="body.provider" error={error} hint={`e.g. ${SUGGESTED[props.kind].join(', ')}`}>
        {(c) => <input {...c} list={listId} value={provider} onInput={(e) => setProvider(e.currentTarget.value)} />}
      </Field>
      <datalist id={listId}>
        {SUGGESTED[props.kind].map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      {aws ? (
        <>
          <Field label="Access key id" param="body.accessKeyId" error={error}>
            {(c) => <input {...c} autoComplete="off" value={accessKeyId} onInput={(e) => setAccessKeyId(e.currentTarget.value)} />}
          </Field>
          <Field label="Secret access key" param="body.secretAccessKey" error={error}>
            {(c) => <input {...c} type="password" autoComplete="off" value={secretAccessKey} onInput={(e) => setSecretAccessKey(e.currentTarget.value)} />}
          </Field>
          <Field label="Region" param="body.region" error={error}>
            {(c) => <input {...c} value={region} onInput={(e) => setRegion(e.currentTarget.value)} />}
          </Field>
        </>
      ) : (
        <Field label="Vendor API key" param="body.apiKey" error={error} hint="Stored encrypted; never shown again.">
          {(c) => <input {...c} type="password" autoComplete="off" value={apiKey} onInput={(e) => setApiKey(e.currentTarget.value)} />}
        </Field>
      )}
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Verifying with the vendor…' : 'Save and verify'}
      </button>
    </form>
  );
}

function CredentialCard(props: { kind: (typeof CREDENTIAL_KINDS)[number]; credential?: ProviderCredential; onChanged: () => void }) {
  const { kind, credential } = props;
  const remove = useSubmit(async () => {
    await del(`/dashboard/provider-credentials/${kind}`);
    props.onChanged();
  });
  return (
    <section class="card" aria-labelledby={`cred-${kind}`}>
      <h2 id={`cred-${kind}`}>{KIND_NAMES[kind]}</h2>
      {credential ? (
        <dl class="facts">
          <dt>Vendor</dt>
          <dd>
            {credential.provider} <span class="muted">{credential.apiKeyHint}</span>
          </dd>
          <dt>State</dt>
          <dd>
            {credential.verified ? <Badge tone="ok">verified</Badge> : <Badge tone="warn">not verified</Badge>}{' '}
            {credential.verifiedAt && <Time at={credential.verifiedAt} />}
          </dd>
          {credential.lastVerificationError && (
            <>
              <dt>Last check</dt>
              <dd>
                {credential.lastVerificationError} <Time at={credential.lastVerificationAt} />
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p class="muted">None: byok keys cannot be created until llm, stt and tts are all verified.</p>
      )}
      <CredentialForm kind={kind} onSaved={props.onChanged} />
      {credential && (
        <p>
          <ConfirmButton
            label={`Remove the ${kind} credential…`}
            confirm={`Remove the ${kind} credential`}
            keep="Keep it"
            consequence="byok keys can start nothing until a credential of this kind is verified again, and their conversations under way fail."
            busy={remove.busy}
            onConfirm={() => void remove.submit()}
          />
        </p>
      )}
      <FormError error={remove.error} />
    </section>
  );
}

export function Credentials() {
  const credentials = useGet<Page<ProviderCredential>>('/dashboard/provider-credentials');
  return (
    <>
      <PageTitle>Provider credentials</PageTitle>
      <p>Your organization’s own vendor keys. API keys created with byok run on them and are billed per minute instead of from credits.</p>
      <Loaded state={credentials}>
        {(page) => (
          <div class="grid">
            {CREDENTIAL_KINDS.map((kind) => (
              <CredentialCard key={kind} kind={kind} credential={page.data.find((c) => c.kind === kind)} onChanged={() => void credentials.reload()} />
            ))}
          </div>
        )}
      </Loaded>
    </>
  );
}
