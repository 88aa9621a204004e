/** A new campaign (draft): what POST /campaigns takes, each refusal beside its field. */
import { useSubmit } from '../hooks';
import { post } from '../http';
import { href } from '../routes';
import { PageTitle } from '../ui';
import type { Campaign } from '../types';
import { CampaignForm, campaignBody, fieldsOf, type CampaignFields } from '../parts/CampaignForm';

export function CampaignNew() {
  const { submit, error, busy } = useSubmit(async (fields: CampaignFields) => {
    const created = await post<Campaign>('/campaigns', campaignBody(fields, true));
    location.hash = href(`/campaigns/${created.id}`);
  });
  return (
    <>
      <PageTitle>New campaign</PageTitle>
      <CampaignForm initial={fieldsOf()} creating error={error} busy={busy} submitLabel="Create campaign" onSubmit={(f) => void submit(f)}>
        <a class="button" href={href('/campaigns')}>
          Cancel
        </a>
      </CampaignForm>
    </>
  );
}
