from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_call_transcript_call_transcript_data_item import GetCallTranscriptCallTranscriptDataItem


T = TypeVar("T", bound="GetCallTranscriptCallTranscript")


@_attrs_define
class GetCallTranscriptCallTranscript:
    """
    Attributes:
        object_ (Literal['call_transcript']):
        call_id (str): 24-character hexadecimal id
        data (list[GetCallTranscriptCallTranscriptDataItem]): Turns in order; empty while the call is connecting,
            growing while it is active.
    """

    object_: Literal["call_transcript"]
    call_id: str
    data: list[GetCallTranscriptCallTranscriptDataItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        call_id = self.call_id

        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "callId": call_id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_call_transcript_call_transcript_data_item import GetCallTranscriptCallTranscriptDataItem  # noqa: PLC0415

        d = dict(src_dict)
        object_ = cast(Literal["call_transcript"], d.pop("object"))
        if object_ != "call_transcript":
            raise ValueError(f"object must match const 'call_transcript', got '{object_}'")

        call_id = d.pop("callId")

        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = GetCallTranscriptCallTranscriptDataItem.from_dict(data_item_data)

            data.append(data_item)

        get_call_transcript_call_transcript = cls(
            object_=object_,
            call_id=call_id,
            data=data,
        )

        get_call_transcript_call_transcript.additional_properties = d
        return get_call_transcript_call_transcript

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
