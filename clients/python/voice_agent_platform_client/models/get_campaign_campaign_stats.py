from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetCampaignCampaignStats")


@_attrs_define
class GetCampaignCampaignStats:
    """Always `total = pending + completed + failed`, and `suppressed <= failed`: the suppressed count in `failed` too.

    Attributes:
        total (int): Recipients imported.
        pending (int): Not final yet: never dialled, being called, or waiting for a retry (in a cancelled campaign: left
            undialled).
        completed (int): Reached: an attempt connected.
        failed (int): Final without connecting: the last allowed attempt did not connect, the carrier refused the
            number, or the number is do-not-call.
        suppressed (int): Of `failed`, those never dialled because their number is do-not-call (at import, or found so
            right before an attempt).
    """

    total: int
    pending: int
    completed: int
    failed: int
    suppressed: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        pending = self.pending

        completed = self.completed

        failed = self.failed

        suppressed = self.suppressed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "total": total,
                "pending": pending,
                "completed": completed,
                "failed": failed,
                "suppressed": suppressed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        total = d.pop("total")

        pending = d.pop("pending")

        completed = d.pop("completed")

        failed = d.pop("failed")

        suppressed = d.pop("suppressed")

        get_campaign_campaign_stats = cls(
            total=total,
            pending=pending,
            completed=completed,
            failed=failed,
            suppressed=suppressed,
        )

        get_campaign_campaign_stats.additional_properties = d
        return get_campaign_campaign_stats

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
