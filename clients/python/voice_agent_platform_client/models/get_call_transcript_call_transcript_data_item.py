from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_call_transcript_call_transcript_data_item_role import GetCallTranscriptCallTranscriptDataItemRole
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.get_call_transcript_call_transcript_data_item_timings import (
        GetCallTranscriptCallTranscriptDataItemTimings,
    )
    from ..models.get_call_transcript_call_transcript_data_item_tool import GetCallTranscriptCallTranscriptDataItemTool


T = TypeVar("T", bound="GetCallTranscriptCallTranscriptDataItem")


@_attrs_define
class GetCallTranscriptCallTranscriptDataItem:
    """
    Attributes:
        role (GetCallTranscriptCallTranscriptDataItemRole): `tool`: the agent called one of its tools; `tool` says
            which, with what and what came back.
        text (str):
        started_at (datetime.datetime): ISO 8601 UTC timestamp
        offset_ms (int): Milliseconds since the callee answered.
        tool (GetCallTranscriptCallTranscriptDataItemTool | Unset): On `tool` turns only.
        timings (GetCallTranscriptCallTranscriptDataItemTimings | Unset): How the turn was heard or produced, in
            milliseconds from the turn's start: for a contact's turn, when the voice activity detector heard their speech
            begin; for an agent's turn, when the contact's turn it answers was taken (or, for a line the agent says
            unprompted such as its greeting, when it began). Present on turns a media session ran (voice interviews, and
            calls whose audio runs through the platform); on ConversationRelay calls, where Twilio hears and speaks, an
            agent turn that the model produced carries `llmFirstTokenMs` alone, from when Twilio delivered the contact’s
            turn. Stages a turn never reached are absent.
    """

    role: GetCallTranscriptCallTranscriptDataItemRole
    text: str
    started_at: datetime.datetime
    offset_ms: int
    tool: GetCallTranscriptCallTranscriptDataItemTool | Unset = UNSET
    timings: GetCallTranscriptCallTranscriptDataItemTimings | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        text = self.text

        started_at = self.started_at.isoformat()

        offset_ms = self.offset_ms

        tool: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tool, Unset):
            tool = self.tool.to_dict()

        timings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.timings, Unset):
            timings = self.timings.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "role": role,
                "text": text,
                "startedAt": started_at,
                "offsetMs": offset_ms,
            }
        )
        if tool is not UNSET:
            field_dict["tool"] = tool
        if timings is not UNSET:
            field_dict["timings"] = timings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_call_transcript_call_transcript_data_item_timings import (
            GetCallTranscriptCallTranscriptDataItemTimings,  # noqa: PLC0415
        )
        from ..models.get_call_transcript_call_transcript_data_item_tool import (
            GetCallTranscriptCallTranscriptDataItemTool,  # noqa: PLC0415
        )

        d = dict(src_dict)
        role = GetCallTranscriptCallTranscriptDataItemRole(d.pop("role"))

        text = d.pop("text")

        started_at = datetime.datetime.fromisoformat(d.pop("startedAt"))

        offset_ms = d.pop("offsetMs")

        _tool = d.pop("tool", UNSET)
        tool: GetCallTranscriptCallTranscriptDataItemTool | Unset
        if isinstance(_tool, Unset):
            tool = UNSET
        else:
            tool = GetCallTranscriptCallTranscriptDataItemTool.from_dict(_tool)

        _timings = d.pop("timings", UNSET)
        timings: GetCallTranscriptCallTranscriptDataItemTimings | Unset
        if isinstance(_timings, Unset):
            timings = UNSET
        else:
            timings = GetCallTranscriptCallTranscriptDataItemTimings.from_dict(_timings)

        get_call_transcript_call_transcript_data_item = cls(
            role=role,
            text=text,
            started_at=started_at,
            offset_ms=offset_ms,
            tool=tool,
            timings=timings,
        )

        get_call_transcript_call_transcript_data_item.additional_properties = d
        return get_call_transcript_call_transcript_data_item

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
