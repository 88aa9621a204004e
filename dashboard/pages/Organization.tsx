/**
 * The organization: plan, credits and each limit beside what is taken of it (GET /usage), and its
 * settings (GET /dashboard/organization), which admins change (PATCH) and members only read.
 */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { patch } from '../http';
import { currentSession } from '../session';
import type { Usage } from '../types';
import { ToolSigningSecretCard } from '../parts/ToolSigningSecret';
import { Field, FormError, Loaded, PageTitle, Table, minutes } from '../ui';

interface Settings {
  recordingRetentionDays: number;
  allowedCountries: string[] | null;
  effectiveAllowedCountries: string[] | null;
}

/** Typed as `GB, IE` (any separator, any case); empty is the service's default. */
const countriesTyped = (text: string) => {
  const codes = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((c) => c.toUpperCase());
  return codes.length ? codes : null;
};

const countriesShown = (countries: string[] | null) => (countries ? countries.join(', ') : 'any country');

function SettingsForm(props: { settings: Settings; onSaved: () => Promise<void> }) {
  const [days, setDays] = useState(String(props.settings.recordingRetentionDays));
  const [countries, setCountries] = useState((props.settings.allowedCountries ?? []).join(', '));
  const [saved, setSaved] = useState(false);
  const { submit, error, busy } = useSubmit(async () => {
    setSaved(false);
    // Sent as typed (a number when it is one), so the API judges it and names the field.
    const saved = await patch<Settings>('/dashboard/organization', {
      recordingRetentionDays: days.trim() === '' || Number.isNaN(Number(days)) ? days : Number(days),
      allowedCountries: countriesTyped(countries),
    });
    // Shown as stored: `gb ie` reads back `GB, IE`.
    setCountries((saved.allowedCountries ?? []).join(', '));
    await props.onSaved();
    setSaved(true);
  });
  return (
    <form
      noValidate
      aria-label="Organization settings"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormError error={error} params={['body.recordingRetentionDays', 'body.allowedCountries']} />
      <Field
        label="Keep call recordings for (days)"
        param="body.recordingRetentionDays"
        error={error}
        hint="Older recordings are deleted, those already stored included; the sweep runs hourly."
      >
        {(c) => <input {...c} type="number" inputMode="numeric" value={days} onInput={(e) => setDays(e.currentTarget.value)} />}
      </Field>
      <Field
        label="Countries calls may go to"
        param="body.allowedCountries"
        error={error}
        hint={`Country codes such as GB, IE. Empty: the service's default (now ${countriesShown(props.settings.allowedCountries ? null : props.settings.effectiveAllowedCountries)}). Premium-rate and other paid numbers are never called.`}
      >
        {(c) => <input {...c} value={countries} placeholder="GB, IE" onInput={(e) => setCountries(e.currentTarget.value)} />}
      </Field>
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Save
        </button>
        {saved && (
          <span role="status" class="muted">
            Saved.
          </span>
        )}
      </div>
    </form>
  );
}

function SettingsCard() {
  const settings = useGet<Settings>('/dashboard/organization');
  const admin = currentSession()!.user.role === 'admin';
  return (
    <section class="card" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <Loaded state={settings}>
        {(s) =>
          admin ? (
            <SettingsForm settings={s} onSaved={settings.reload} />
          ) : (
            <dl class="facts">
              <dt>Call recordings kept</dt>
              <dd data-testid="retention-days">{s.recordingRetentionDays} days</dd>
              <dt>Calls may go to</dt>
              <dd data-testid="allowed-countries">{countriesShown(s.effectiveAllowedCountries)}</dd>
            </dl>
          )
        }
      </Loaded>
      {!admin && <p class="muted">Only admins change the organization’s settings.</p>}
    </section>
  );
}

const LIMITS: [keyof Usage['limits'], keyof Usage['used'], string][] = [
  ['maxAgents', 'agents', 'Agents'],
  ['maxUsers', 'users', 'Users'],
  ['maxConcurrentCalls', 'concurrentCalls', 'Calls at once'],
  ['maxCampaigns', 'campaigns', 'Campaigns (not archived)'],
  ['maxRecipients', 'recipients', 'Campaign recipients'],
  ['maxContacts', 'contacts', 'Contacts'],
  ['maxOpenInterviews', 'openInterviews', 'Open interviews'],
];

export function Organization() {
  const usage = useGet<Usage>('/usage');
  return (
    <>
      <PageTitle>Organization</PageTitle>
      <Loaded state={usage}>
        {(u) => (
          <>
            <section class="card" aria-labelledby="org-title">
              <h2 id="org-title">{u.organization.name}</h2>
              <dl class="facts">
                <dt>Plan</dt>
                <dd>{u.organization.plan}</dd>
                <dt>Credits</dt>
                <dd>
                  {minutes(u.credits.remainingMinutes)} left of {minutes(u.credits.allocatedMinutes)} ({minutes(u.credits.usedMinutes)} used
                  {u.credits.heldMinutes > 0 && `, ${minutes(u.credits.heldMinutes)} held by conversations in progress`})
                </dd>
                <dt>byok minutes</dt>
                <dd>{minutes(u.byok.usedMinutes)}</dd>
              </dl>
            </section>
            <section class="card" aria-labelledby="limits-title">
              <h2 id="limits-title">Limits</h2>
              <p class="muted">Set by the service’s operator. Past a limit, the API refuses new ones with QUOTA_EXCEEDED.</p>
              <Table headers={['Limit', 'In use', 'Allowed']}>
                {LIMITS.map(([limit, used, label]) => (
                  <tr key={limit}>
                    <th scope="row">{label}</th>
                    <td>{u.used[used].toLocaleString()}</td>
                    <td>{u.limits[limit].toLocaleString()}</td>
                  </tr>
                ))}
              </Table>
            </section>
            <SettingsCard />
            {currentSession()?.user.role === 'admin' && <ToolSigningSecretCard />}
          </>
        )}
      </Loaded>
    </>
  );
}
