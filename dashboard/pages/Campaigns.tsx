/** Campaigns, filtered as GET /campaigns is (status, agent), newest first. */
import { useState } from 'preact/hooks';
import { useGet } from '../hooks';
import { query, type Page } from '../http';
import { FilterSelect, ListTable, useAgents } from '../lists';
import { href } from '../routes';
import { Badge, PageTitle, Time } from '../ui';
import { campaignTone } from '../callStates';
import type { Campaign } from '../types';

const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled', 'archived'];

export function Campaigns() {
  const [status, setStatus] = useState('');
  const [agentId, setAgentId] = useState('');
  const [page, setPage] = useState(1);
  const agents = useAgents('phone');
  const campaigns = useGet<Page<Campaign>>(`/campaigns${query({ status, agentId, page, limit: 25 })}`, 5000);
  return (
    <>
      <PageTitle
        actions={
          <a class="button primary" href={href('/campaigns/new')}>
            New campaign
          </a>
        }
      >
        Campaigns
      </PageTitle>
      <div class="filters">
        <FilterSelect label="Status" value={status} options={CAMPAIGN_STATUSES} onChange={(v) => (setStatus(v), setPage(1))} />
        <FilterSelect label="Agent" value={agentId} options={agents.map((a) => [a.id, a.name])} onChange={(v) => (setAgentId(v), setPage(1))} />
      </div>
      <ListTable
        state={campaigns}
        empty="No campaigns match."
        rowKey={(c) => c.id}
        pageNumber={page}
        onPage={setPage}
        columns={[
          ['Name', (c) => <a href={href(`/campaigns/${c.id}`)}>{c.name}</a>],
          ['Agent', (c) => c.agentName],
          ['Status', (c) => <Badge tone={campaignTone(c.status)}>{c.status}</Badge>],
          ['Progress', (c) => `${c.stats.total - c.stats.pending} of ${c.stats.total}`],
          ['Created', (c) => <Time at={c.createdAt} />],
        ]}
      />
    </>
  );
}
