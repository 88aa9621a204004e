from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_interview_transcript_interview_transcript_data_item_role import (
    GetInterviewTranscriptInterviewTranscriptDataItemRole,
)

T = TypeVar("T", bound="GetInterviewTranscriptInterviewTranscriptDataItem")


@_attrs_define
class GetInterviewTranscriptInterviewTranscriptDataItem:
    """
    Attributes:
        index (int):
        role (GetInterviewTranscriptInterviewTranscriptDataItemRole):
        text (str):
        started_at (datetime.datetime): ISO 8601 UTC timestamp
        offset_ms (int): Milliseconds since the interview started.
    """

    index: int
    role: GetInterviewTranscriptInterviewTranscriptDataItemRole
    text: str
    started_at: datetime.datetime
    offset_ms: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        role = self.role.value

        text = self.text

        started_at = self.started_at.isoformat()

        offset_ms = self.offset_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "index": index,
                "role": role,
                "text": text,
                "startedAt": started_at,
                "offsetMs": offset_ms,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        role = GetInterviewTranscriptInterviewTranscriptDataItemRole(d.pop("role"))

        text = d.pop("text")

        started_at = datetime.datetime.fromisoformat(d.pop("startedAt"))

        offset_ms = d.pop("offsetMs")

        get_interview_transcript_interview_transcript_data_item = cls(
            index=index,
            role=role,
            text=text,
            started_at=started_at,
            offset_ms=offset_ms,
        )

        get_interview_transcript_interview_transcript_data_item.additional_properties = d
        return get_interview_transcript_interview_transcript_data_item

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
