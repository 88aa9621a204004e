/**
 * The organization's tool-signing secret (admins): when the current one was made and its last four
 * characters, and a rotation whose new secret is shown this once, to copy, with how a tool server
 * checks the signature.
 */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { post } from '../http';
import { CopyButton, ErrorNote, Time } from '../ui';

interface SecretState {
  hint: string;
  createdAt: string;
  secret?: string;
}

export function ToolSigningSecretCard() {
  const current = useGet<SecretState>('/dashboard/tool-signing-secret');
  const [fresh, setFresh] = useState<SecretState>();
  const [confirming, setConfirming] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    setConfirming(false);
    setFresh(await post<SecretState>('/dashboard/tool-signing-secret'));
    await current.reload();
  });
  // 404: none made yet; any other refusal is shown.
  const none = current.error?.status === 404;
  const shown = current.data;
  return (
    <section class="card" aria-labelledby="tool-secret-title">
      <h2 id="tool-secret-title">Tool-signing secret</h2>
      <p class="muted">
        Every request the service sends to an agent’s tool is signed with this secret (the Voice-Agent-Signature header), so your tool server can check that it
        came from here.
      </p>
      {current.error && !none && <ErrorNote error={current.error} />}
      {shown ? (
        <p data-testid="tool-secret-state">
          Ends in <code>{shown.hint}</code>, made <Time at={shown.createdAt} />.
        </p>
      ) : (
        none && <p data-testid="tool-secret-state">None yet: create one before your tool servers check signatures.</p>
      )}
      {fresh?.secret && (
        <div class="secret" role="status">
          <span>Copy it now: it is shown this once.</span>
          <code data-testid="tool-secret">{fresh.secret}</code>
          <CopyButton text={fresh.secret} label="Copy the tool-signing secret" />
        </div>
      )}
      {fresh?.secret && (
        <p class="muted" data-testid="tool-secret-verify">
          Give it to your tool servers. Each checks the header against the raw body as the guide to tools shows (docs/tools.md, “Verifying the signature”), and
          refuses a request signed more than five minutes ago.
        </p>
      )}
      {error && <ErrorNote error={error} />}
      {confirming ? (
        <div class="actions">
          <span>Your tool servers refuse the service’s requests until they use the new secret.</span>
          <button type="button" class="danger" disabled={busy} onClick={() => void submit()}>
            Confirm the rotation
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep the current secret
          </button>
        </div>
      ) : (
        <div class="actions">
          <button type="button" class="primary" disabled={busy || (!shown && !none)} onClick={() => (shown ? setConfirming(true) : void submit())}>
            {shown ? 'Rotate the secret' : 'Create a secret'}
          </button>
        </div>
      )}
    </section>
  );
}
