/**
 * The shell: sign-in when there is no session, else the header (organization, user, theme, sign
 * out), the navigation and the page the hash names. Landmarks: banner, navigation, main.
 */
import { useEffect, useState } from 'preact/hooks';
import { del } from './http';
import { SignIn } from './pages/SignIn';
import { HOME, ROUTES, href, match, type Route } from './routes';
import { currentSession, holds, onSessionChange, saveSession, type Session } from './session';
import { applyTheme, effectiveTheme } from './theme';

const allowed = (session: Session, route: Route) => (!route.admin || session.user.role === 'admin') && (!route.permission || holds(session, route.permission));

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const update = () => setHash(location.hash);
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return hash;
}

function ThemeToggle() {
  const [theme, setTheme] = useState(effectiveTheme());
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      class="theme-toggle"
      aria-label={`Switch to the ${next} theme`}
      onClick={() => {
        applyTheme(next);
        setTheme(next);
      }}
    >
      {theme === 'dark' ? '☀︎ Light' : '☾ Dark'}
    </button>
  );
}

async function signOut() {
  // Ended on the server first; whatever it answers, this tab forgets the token.
  await del('/dashboard/sessions/current').catch(() => undefined);
  saveSession(null);
  location.hash = '';
}

export function App() {
  const [session, setSession] = useState(currentSession());
  useEffect(() => onSessionChange(() => setSession(currentSession())), []);
  const hash = useHash();
  // On a narrow screen the sections fold behind a Menu button; each navigation folds them again.
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [hash]);

  if (!session) return <SignIn />;
  const found = match(hash);
  if (!found || !allowed(session, found.route)) {
    if (hash !== href(HOME)) location.replace(href(HOME));
    return null;
  }
  const { route, params } = found;
  const Page = route.page;
  const section = '/' + (hash.replace(/^#\//, '').split(/[/?]/)[0] ?? '');
  return (
    <>
      <a class="skip" href="#main" onClick={(e) => (e.preventDefault(), document.getElementById('main')?.focus())}>
        Skip to content
      </a>
      <header class="banner">
        <span class="brand">
          <img src="/dashboard/icon.svg" alt="" width={24} height={24} /> {session.organization.name}
        </span>
        <span class="who" title={session.user.email}>
          {session.user.email}
          <span class="muted"> · {session.user.role}</span>
        </span>
        <ThemeToggle />
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <div class="layout">
        <nav aria-label="Sections">
          <button type="button" class="menu-toggle" aria-expanded={menuOpen} aria-controls="sections" onClick={() => setMenuOpen(!menuOpen)}>
            {menuOpen ? '✕ Close menu' : '☰ Menu'}
          </button>
          <ul id="sections" class={menuOpen ? 'open' : undefined}>
            {ROUTES.filter((r) => r.nav && allowed(session, r)).map((r) => (
              <li key={r.path}>
                <a href={href(r.path)} aria-current={section === r.path ? 'page' : undefined}>
                  {r.nav}
                </a>
              </li>
            ))}
            <li>
              <a href="/docs">API reference</a>
            </li>
          </ul>
        </nav>
        <main id="main" tabIndex={-1}>
          <Page key={hash} params={params} />
        </main>
      </div>
    </>
  );
}
