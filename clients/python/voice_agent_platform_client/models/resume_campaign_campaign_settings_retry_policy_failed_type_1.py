from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ResumeCampaignCampaignSettingsRetryPolicyFailedType1")


@_attrs_define
class ResumeCampaignCampaignSettingsRetryPolicyFailedType1:
    """Do not retry: the outcome is final (`failed`).

    Attributes:
        retry (bool):
    """

    retry: bool

    def to_dict(self) -> dict[str, Any]:
        retry = self.retry

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "retry": retry,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        retry = d.pop("retry")

        resume_campaign_campaign_settings_retry_policy_failed_type_1 = cls(
            retry=retry,
        )

        return resume_campaign_campaign_settings_retry_policy_failed_type_1
