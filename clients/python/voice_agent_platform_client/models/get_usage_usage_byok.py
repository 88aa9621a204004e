from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetUsageUsageByok")


@_attrs_define
class GetUsageUsageByok:
    """Traffic on the organization’s own provider credentials, outside credits.

    Attributes:
        used_minutes (float): Minutes of calls and interviews made with `byok` keys, all time, each rounded up to the
            started minute like a charge. Billed per minute; never drawn from `credits`.
    """

    used_minutes: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        used_minutes = self.used_minutes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "usedMinutes": used_minutes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        used_minutes = d.pop("usedMinutes")

        get_usage_usage_byok = cls(
            used_minutes=used_minutes,
        )

        get_usage_usage_byok.additional_properties = d
        return get_usage_usage_byok

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
