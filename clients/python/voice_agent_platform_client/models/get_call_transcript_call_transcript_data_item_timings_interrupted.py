from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetCallTranscriptCallTranscriptDataItemTimingsInterrupted")


@_attrs_define
class GetCallTranscriptCallTranscriptDataItemTimingsInterrupted:
    """Agent turns the contact interrupted.

    Attributes:
        at_ms (int): When the contact talked over the agent and stopped it.
        cut_text (str): The words the agent had produced that the contact did not hear (the turn's `text` keeps what
            they heard).
    """

    at_ms: int
    cut_text: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at_ms = self.at_ms

        cut_text = self.cut_text

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "atMs": at_ms,
                "cutText": cut_text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at_ms = d.pop("atMs")

        cut_text = d.pop("cutText")

        get_call_transcript_call_transcript_data_item_timings_interrupted = cls(
            at_ms=at_ms,
            cut_text=cut_text,
        )

        get_call_transcript_call_transcript_data_item_timings_interrupted.additional_properties = d
        return get_call_transcript_call_transcript_data_item_timings_interrupted

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
