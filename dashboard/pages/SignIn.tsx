import { useState } from 'preact/hooks';
import { post } from '../http';
import { useSubmit } from '../hooks';
import { saveSession, type Session } from '../session';
import { Field, FormError } from '../ui';

/** Email and password for a dashboard session (POST /dashboard/sessions). */
export function SignIn() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, error, busy } = useSubmit(async () => {
    saveSession(await post<Session>('/dashboard/sessions', { email, password }));
  });
  return (
    <main id="main" class="sign-in">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        aria-labelledby="sign-in-title"
      >
        <h1 id="sign-in-title">
          <img src="/dashboard/icon.svg" alt="" width={28} height={28} /> Sign in to the dashboard
        </h1>
        <FormError error={error} params={['body.email', 'body.password']} />
        <Field label="Email" param="body.email" error={error}>
          {(control) => (
            <input {...control} type="email" name="email" autoComplete="username" value={email} onInput={(e) => setEmail(e.currentTarget.value)} required />
          )}
        </Field>
        <Field label="Password" param="body.password" error={error}>
          {(control) => (
            <input
              {...control}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
              required
            />
          )}
        </Field>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
