from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_campaign_campaign_update_settings_retry_policy import (
        UpdateCampaignCampaignUpdateSettingsRetryPolicy,
    )


T = TypeVar("T", bound="UpdateCampaignCampaignUpdateSettings")


@_attrs_define
class UpdateCampaignCampaignUpdateSettings:
    """
    Attributes:
        retry_limit (int | Unset): Attempts per recipient in all, the first included (default 3).
        retry_delay_minutes (int | Unset): Wait before the next attempt at an unreached recipient, unless `retryPolicy`
            says otherwise for its outcome (default 60).
        concurrency (int | Unset): Calls of this campaign in progress at once (default 5); the organization's
            `maxConcurrentCalls` caps direct and campaign calls together.
        retry_policy (UpdateCampaignCampaignUpdateSettingsRetryPolicy | Unset): Redial rules by outcome (default `{}`:
            every unreached outcome waits `retryDelayMinutes`). `busy`; `no_answer` (rang out, or a voicemail under
            `mark_no_answer`); `voicemail` (a voicemail reached, `voicemail` or `voicemail_left`); `failed` (the call failed
            or was terminated, or the carrier was unavailable). Each `{delayMinutes}` (1-10080) or `{retry: false}` (final
            at once). Other unreached outcomes (hung up before connecting) wait `retryDelayMinutes`; a number the carrier
            rejects is never retried; `retryLimit` caps the attempts whatever the rule. A retry due outside the recipient’s
            calling hours waits for their next opening. In `PATCH`, a given `retryPolicy` replaces the whole policy.
    """

    retry_limit: int | Unset = UNSET
    retry_delay_minutes: int | Unset = UNSET
    concurrency: int | Unset = UNSET
    retry_policy: UpdateCampaignCampaignUpdateSettingsRetryPolicy | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        retry_limit = self.retry_limit

        retry_delay_minutes = self.retry_delay_minutes

        concurrency = self.concurrency

        retry_policy: dict[str, Any] | Unset = UNSET
        if not isinstance(self.retry_policy, Unset):
            retry_policy = self.retry_policy.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if retry_limit is not UNSET:
            field_dict["retryLimit"] = retry_limit
        if retry_delay_minutes is not UNSET:
            field_dict["retryDelayMinutes"] = retry_delay_minutes
        if concurrency is not UNSET:
            field_dict["concurrency"] = concurrency
        if retry_policy is not UNSET:
            field_dict["retryPolicy"] = retry_policy

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_campaign_campaign_update_settings_retry_policy import (
            UpdateCampaignCampaignUpdateSettingsRetryPolicy,  # noqa: PLC0415
        )

        d = dict(src_dict)
        retry_limit = d.pop("retryLimit", UNSET)

        retry_delay_minutes = d.pop("retryDelayMinutes", UNSET)

        concurrency = d.pop("concurrency", UNSET)

        _retry_policy = d.pop("retryPolicy", UNSET)
        retry_policy: UpdateCampaignCampaignUpdateSettingsRetryPolicy | Unset
        if isinstance(_retry_policy, Unset):
            retry_policy = UNSET
        else:
            retry_policy = UpdateCampaignCampaignUpdateSettingsRetryPolicy.from_dict(_retry_policy)

        update_campaign_campaign_update_settings = cls(
            retry_limit=retry_limit,
            retry_delay_minutes=retry_delay_minutes,
            concurrency=concurrency,
            retry_policy=retry_policy,
        )

        return update_campaign_campaign_update_settings
