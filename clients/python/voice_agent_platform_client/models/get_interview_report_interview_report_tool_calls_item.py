from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_interview_report_interview_report_tool_calls_item_outcome import (
    GetInterviewReportInterviewReportToolCallsItemOutcome,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="GetInterviewReportInterviewReportToolCallsItem")


@_attrs_define
class GetInterviewReportInterviewReportToolCallsItem:
    """
    Attributes:
        name (str):
        outcome (GetInterviewReportInterviewReportToolCallsItemOutcome):
        error (str | Unset):
    """

    name: str
    outcome: GetInterviewReportInterviewReportToolCallsItemOutcome
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        outcome = self.outcome.value

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "outcome": outcome,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        outcome = GetInterviewReportInterviewReportToolCallsItemOutcome(d.pop("outcome"))

        error = d.pop("error", UNSET)

        get_interview_report_interview_report_tool_calls_item = cls(
            name=name,
            outcome=outcome,
            error=error,
        )

        get_interview_report_interview_report_tool_calls_item.additional_properties = d
        return get_interview_report_interview_report_tool_calls_item

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
