from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetCallReportCallReportPending")


@_attrs_define
class GetCallReportCallReportPending:
    """
    Attributes:
        object_ (Literal['call_report']):
        call_id (str): 24-character hexadecimal id
        status (Literal['pending']):
    """

    object_: Literal["call_report"]
    call_id: str
    status: Literal["pending"]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        call_id = self.call_id

        status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "callId": call_id,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_ = cast(Literal["call_report"], d.pop("object"))
        if object_ != "call_report":
            raise ValueError(f"object must match const 'call_report', got '{object_}'")

        call_id = d.pop("callId")

        status = cast(Literal["pending"], d.pop("status"))
        if status != "pending":
            raise ValueError(f"status must match const 'pending', got '{status}'")

        get_call_report_call_report_pending = cls(
            object_=object_,
            call_id=call_id,
            status=status,
        )

        get_call_report_call_report_pending.additional_properties = d
        return get_call_report_call_report_pending

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
