from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_interview_transcript_interview_transcript_data_item import (
        GetInterviewTranscriptInterviewTranscriptDataItem,
    )


T = TypeVar("T", bound="GetInterviewTranscriptInterviewTranscript")


@_attrs_define
class GetInterviewTranscriptInterviewTranscript:
    """
    Attributes:
        object_ (Literal['interview_transcript']):
        interview_id (str): 24-character hexadecimal id
        data (list[GetInterviewTranscriptInterviewTranscriptDataItem]):
    """

    object_: Literal["interview_transcript"]
    interview_id: str
    data: list[GetInterviewTranscriptInterviewTranscriptDataItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        interview_id = self.interview_id

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "interviewId": interview_id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_interview_transcript_interview_transcript_data_item import (
            GetInterviewTranscriptInterviewTranscriptDataItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        object_ = cast(Literal["interview_transcript"], d.pop("object"))
        if object_ != "interview_transcript":
            raise ValueError(f"object must match const 'interview_transcript', got '{object_}'")

        interview_id = d.pop("interviewId")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = GetInterviewTranscriptInterviewTranscriptDataItem.from_dict(data_item_data)

            data.append(data_item)

        get_interview_transcript_interview_transcript = cls(
            object_=object_,
            interview_id=interview_id,
            data=data,
        )

        get_interview_transcript_interview_transcript.additional_properties = d
        return get_interview_transcript_interview_transcript

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
