from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_interview_report_interview_report_transcript_item_tool_outcome import (
    GetInterviewReportInterviewReportTranscriptItemToolOutcome,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="GetInterviewReportInterviewReportTranscriptItemTool")


@_attrs_define
class GetInterviewReportInterviewReportTranscriptItemTool:
    """On `tool` turns only.

    Attributes:
        tool_call_id (str): As the tool’s request carried it (body and `Idempotency-Key`).
        name (str):
        arguments (Any): As the model wrote them.
        outcome (GetInterviewReportInterviewReportTranscriptItemToolOutcome):
        duration_ms (int):
        result (Any | Unset): The tool’s JSON answer, when `ok`.
        error (str | Unset): Why it failed, as the model was told, when `error`.
    """

    tool_call_id: str
    name: str
    arguments: Any
    outcome: GetInterviewReportInterviewReportTranscriptItemToolOutcome
    duration_ms: int
    result: Any | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tool_call_id = self.tool_call_id

        name = self.name

        arguments = self.arguments

        outcome = self.outcome.value

        duration_ms = self.duration_ms

        result = self.result

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "toolCallId": tool_call_id,
                "name": name,
                "arguments": arguments,
                "outcome": outcome,
                "durationMs": duration_ms,
            }
        )
        if result is not UNSET:
            field_dict["result"] = result
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tool_call_id = d.pop("toolCallId")

        name = d.pop("name")

        arguments = d.pop("arguments")

        outcome = GetInterviewReportInterviewReportTranscriptItemToolOutcome(d.pop("outcome"))

        duration_ms = d.pop("durationMs")

        result = d.pop("result", UNSET)

        error = d.pop("error", UNSET)

        get_interview_report_interview_report_transcript_item_tool = cls(
            tool_call_id=tool_call_id,
            name=name,
            arguments=arguments,
            outcome=outcome,
            duration_ms=duration_ms,
            result=result,
            error=error,
        )

        get_interview_report_interview_report_transcript_item_tool.additional_properties = d
        return get_interview_report_interview_report_transcript_item_tool

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
