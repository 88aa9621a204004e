/**
 * The pages, routed by the URL's hash (`#/agents/<id>`): the server serves one page at /dashboard
 * and nothing in the hash reaches it. A page is a component file under pages/ and a line here;
 * `nav` puts it in the navigation, `permission` hides it from users who lack that permission
 * (the API refuses them anyway), `admin` from members.
 */
import type { FunctionComponent } from 'preact';
import { Agent } from './pages/Agent';
import { Agents } from './pages/Agents';
import { ApiKeys } from './pages/ApiKeys';
import { Call } from './pages/Call';
import { Calls } from './pages/Calls';
import { Credentials } from './pages/Credentials';
import { Organization } from './pages/Organization';
import { AnalyticsPage } from './pages/Analytics';
import { CampaignPage } from './pages/Campaign';
import { CampaignNew } from './pages/CampaignNew';
import { Campaigns } from './pages/Campaigns';
import { ContactPage } from './pages/Contact';
import { Contacts } from './pages/Contacts';
import { InterviewPage } from './pages/Interview';
import { Interviews } from './pages/Interviews';
import { Overview } from './pages/Overview';
import { PhoneNumbers } from './pages/PhoneNumbers';
import { Users } from './pages/Users';

export interface PageProps {
  params: Record<string, string>;
}

export interface Route {
  path: string;
  page: FunctionComponent<PageProps>;
  nav?: string;
  permission?: string;
  admin?: boolean;
}

export const ROUTES: Route[] = [
  { path: '/overview', page: Overview, nav: 'Overview' },
  { path: '/agents', page: Agents, nav: 'Agents', permission: 'agents:read' },
  { path: '/agents/:id', page: Agent, permission: 'agents:read' },
  { path: '/phone-numbers', page: PhoneNumbers, nav: 'Phone numbers', permission: 'agents:read' },
  { path: '/calls', page: Calls, nav: 'Calls', permission: 'executions:read' },
  { path: '/calls/:id', page: Call, permission: 'executions:read' },
  { path: '/campaigns', page: Campaigns, nav: 'Campaigns', permission: 'campaigns:manage' },
  { path: '/campaigns/new', page: CampaignNew, permission: 'campaigns:manage' },
  { path: '/campaigns/:id', page: CampaignPage, permission: 'campaigns:manage' },
  { path: '/interviews', page: Interviews, nav: 'Interviews', permission: 'executions:read' },
  { path: '/interviews/:id', page: InterviewPage, permission: 'executions:read' },
  { path: '/contacts', page: Contacts, nav: 'Contacts', permission: 'contacts:manage' },
  { path: '/contacts/:id', page: ContactPage, permission: 'contacts:manage' },
  { path: '/analytics', page: AnalyticsPage, nav: 'Analytics', permission: 'analytics:read' },
  { path: '/api-keys', page: ApiKeys, nav: 'API keys', admin: true },
  { path: '/users', page: Users, nav: 'Users', admin: true },
  { path: '/credentials', page: Credentials, nav: 'Provider credentials', admin: true },
  { path: '/organization', page: Organization, nav: 'Organization', permission: 'organization:read' },
];

export const HOME = '/overview';

/** The route and its parameters for a hash, or undefined when no route has that shape. */
export function match(hash: string): { route: Route; params: Record<string, string> } | undefined {
  const parts = hash.replace(/^#/, '').split('?')[0]!.split('/').filter(Boolean);
  for (const route of ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    if (pattern.every((p, i) => (p.startsWith(':') ? ((params[p.slice(1)] = decodeURIComponent(parts[i]!)), true) : p === parts[i]))) return { route, params };
  }
  return undefined;
}

export const href = (path: string) => `#${path}`;
