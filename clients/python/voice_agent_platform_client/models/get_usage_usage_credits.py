from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetUsageUsageCredits")


@_attrs_define
class GetUsageUsageCredits:
    """A snapshot: the answer of `POST /calls` is authoritative over a preceding read.

    Attributes:
        allocated_minutes (float): Minutes granted to the organization, all time.
        used_minutes (float): Minutes charged for calls and interviews, all time (not those of `byok` keys).
        held_minutes (float): Minutes set aside for calls and interviews in progress (an addition to the v1 fields):
            each holds its next minute before it begins, and gives back what it did not use when it ends.
        remaining_minutes (float): `allocatedMinutes - usedMinutes - heldMinutes`, never below 0: what a new call or
            interview can be admitted on.
    """

    allocated_minutes: float
    used_minutes: float
    held_minutes: float
    remaining_minutes: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        allocated_minutes = self.allocated_minutes

        used_minutes = self.used_minutes

        held_minutes = self.held_minutes

        remaining_minutes = self.remaining_minutes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "allocatedMinutes": allocated_minutes,
                "usedMinutes": used_minutes,
                "heldMinutes": held_minutes,
                "remainingMinutes": remaining_minutes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        allocated_minutes = d.pop("allocatedMinutes")

        used_minutes = d.pop("usedMinutes")

        held_minutes = d.pop("heldMinutes")

        remaining_minutes = d.pop("remainingMinutes")

        get_usage_usage_credits = cls(
            allocated_minutes=allocated_minutes,
            used_minutes=used_minutes,
            held_minutes=held_minutes,
            remaining_minutes=remaining_minutes,
        )

        get_usage_usage_credits.additional_properties = d
        return get_usage_usage_credits

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
