from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.create_campaign_campaign_settings_retry_policy import CreateCampaignCampaignSettingsRetryPolicy


T = TypeVar("T", bound="CreateCampaignCampaignSettings")


@_attrs_define
class CreateCampaignCampaignSettings:
    """
    Attributes:
        retry_limit (int): Attempts per recipient in all, the first included (default 3).
        retry_delay_minutes (int): Wait before the next attempt at an unreached recipient, unless `retryPolicy` says
            otherwise for its outcome (default 60).
        concurrency (int): Calls of this campaign in progress at once (default 5); the organization's
            `maxConcurrentCalls` caps direct and campaign calls together.
        retry_policy (CreateCampaignCampaignSettingsRetryPolicy): Redial rules by outcome (default `{}`: every unreached
            outcome waits `retryDelayMinutes`). `busy`; `no_answer` (rang out, or a voicemail under `mark_no_answer`);
            `voicemail` (a voicemail reached, `voicemail` or `voicemail_left`); `failed` (the call failed or was terminated,
            or the carrier was unavailable). Each `{delayMinutes}` (1-10080) or `{retry: false}` (final at once). Other
            unreached outcomes (hung up before connecting) wait `retryDelayMinutes`; a number the carrier rejects is never
            retried; `retryLimit` caps the attempts whatever the rule. A retry due outside the recipient’s calling hours
            waits for their next opening. In `PATCH`, a given `retryPolicy` replaces the whole policy.
    """

    retry_limit: int
    retry_delay_minutes: int
    concurrency: int
    retry_policy: CreateCampaignCampaignSettingsRetryPolicy
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        retry_limit = self.retry_limit

        retry_delay_minutes = self.retry_delay_minutes

        concurrency = self.concurrency

        retry_policy = self.retry_policy.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "retryLimit": retry_limit,
                "retryDelayMinutes": retry_delay_minutes,
                "concurrency": concurrency,
                "retryPolicy": retry_policy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_campaign_campaign_settings_retry_policy import CreateCampaignCampaignSettingsRetryPolicy  # noqa: PLC0415

        d = dict(src_dict)
        retry_limit = d.pop("retryLimit")

        retry_delay_minutes = d.pop("retryDelayMinutes")

        concurrency = d.pop("concurrency")

        retry_policy = CreateCampaignCampaignSettingsRetryPolicy.from_dict(d.pop("retryPolicy"))

        create_campaign_campaign_settings = cls(
            retry_limit=retry_limit,
            retry_delay_minutes=retry_delay_minutes,
            concurrency=concurrency,
            retry_policy=retry_policy,
        )

        create_campaign_campaign_settings.additional_properties = d
        return create_campaign_campaign_settings

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
