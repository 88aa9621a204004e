from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ArchiveCampaignCampaignSettingsRetryPolicyFailedType0")


@_attrs_define
class ArchiveCampaignCampaignSettingsRetryPolicyFailedType0:
    """Retry after this many minutes instead of `retryDelayMinutes`.

    Attributes:
        delay_minutes (int):
    """

    delay_minutes: int

    def to_dict(self) -> dict[str, Any]:
        delay_minutes = self.delay_minutes

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delayMinutes": delay_minutes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        delay_minutes = d.pop("delayMinutes")

        archive_campaign_campaign_settings_retry_policy_failed_type_0 = cls(
            delay_minutes=delay_minutes,
        )

        return archive_campaign_campaign_settings_retry_policy_failed_type_0
