/**
 * A guided rotation: create the twin of a key (same settings), deploy it, watch the old key's last
 * use fall silent while the new one takes over, then revoke the old one.
 */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { del, post, type Page } from '../http';
import type { ApiKey } from '../types';
import { CopyButton, FormError, Time } from '../ui';

const WATCH_MS = 5000;

/** The form's values as the API takes them; a rotation sends the old key's settings the same way. */
export function keyBody(key: Pick<ApiKey, 'name' | 'mode' | 'scopes' | 'allowedOrigins' | 'rateLimitPerMinute' | 'expiresAt' | 'byok'>) {
  return {
    name: key.name,
    mode: key.mode,
    scopes: key.scopes,
    allowedOrigins: key.allowedOrigins,
    rateLimitPerMinute: key.rateLimitPerMinute,
    byok: key.byok,
    ...(key.expiresAt ? { expiresAt: key.expiresAt } : {}),
  };
}

export function Rotation(props: { old: ApiKey; onChanged: () => void; onClose: () => void }) {
  const [twin, setTwin] = useState<ApiKey>();
  const [revoked, setRevoked] = useState(false);
  const create = useSubmit(async () => {
    setTwin(await post<ApiKey>('/api-keys', keyBody(props.old)));
    props.onChanged();
  });
  const revoke = useSubmit(async () => {
    await del(`/api-keys/${props.old.id}`);
    setRevoked(true);
    props.onChanged();
  });
  const keys = useGet<Page<ApiKey>>(twin && !revoked ? '/api-keys?limit=100' : null, WATCH_MS);
  const seen = (id: string) => keys.data?.data.find((k) => k.id === id);

  return (
    <section class="card" aria-labelledby="rotation-title">
      <h2 id="rotation-title">
        Rotate “{props.old.name}” (…{props.old.last4})
      </h2>
      <ol class="steps">
        <li aria-current={!twin ? 'step' : undefined}>
          <h3>1. Create its twin</h3>
          <p>
            A new key with the same mode, scopes, allowed origins, rate limit{props.old.expiresAt ? ', expiry' : ''} and byok setting. The old key keeps working
            meanwhile.
          </p>
          {!twin && (
            <button type="button" class="primary" onClick={() => void create.submit()} disabled={create.busy}>
              Create the new key
            </button>
          )}
          <FormError error={create.error} />
          {twin && (
            <div class="secret">
              <code data-testid="rotated-key">{twin.key}</code>
              <CopyButton text={twin.key!} label="Copy the new key" />
              <span>Shown only now: copy it and put it where the old key is used.</span>
            </div>
          )}
        </li>
        <li aria-current={twin && !revoked ? 'step' : undefined}>
          <h3>2. Watch the old key fall silent</h3>
          {twin && !revoked ? (
            <dl class="facts" aria-live="polite">
              <dt>Old key …{props.old.last4} last used</dt>
              <dd data-testid="old-last-used">
                <Time at={seen(props.old.id)?.lastUsedAt ?? props.old.lastUsedAt} never="never" />
              </dd>
              <dt>New key …{twin.last4} last used</dt>
              <dd>
                <Time at={seen(twin.id)?.lastUsedAt ?? null} never="not yet" />
              </dd>
            </dl>
          ) : (
            <p class="muted">Once the new key is deployed, last use is checked here every few seconds (the API records it at most once a minute).</p>
          )}
        </li>
        <li aria-current={twin && !revoked ? 'step' : undefined}>
          <h3>3. Revoke the old key</h3>
          {revoked ? (
            <p role="status">The old key is revoked: requests with it are now refused. Rotation done.</p>
          ) : (
            <button type="button" class="danger" onClick={() => void revoke.submit()} disabled={!twin || revoke.busy}>
              Revoke the old key …{props.old.last4}
            </button>
          )}
          <FormError error={revoke.error} />
        </li>
      </ol>
      <button type="button" onClick={props.onClose}>
        {revoked ? 'Close' : 'Stop rotating'}
      </button>
    </section>
  );
}

/** A key's state as its badge shows it. */
export function keyStatus(key: ApiKey): { label: string; tone: 'ok' | 'bad' | 'warn' } {
  if (key.revokedAt) return { label: 'revoked', tone: 'bad' };
  if (key.expiresAt && new Date(key.expiresAt) <= new Date()) return { label: 'expired', tone: 'warn' };
  return { label: 'active', tone: 'ok' };
}
