from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UpdateAgentAgentToolEndCall")


@_attrs_define
class UpdateAgentAgentToolEndCall:
    """The agent may hang up.

    Attributes:
        type_ (Literal['end_call']):
    """

    type_: Literal["end_call"]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        type_ = cast(Literal["end_call"], d.pop("type"))
        if type_ != "end_call":
            raise ValueError(f"type must match const 'end_call', got '{type_}'")

        update_agent_agent_tool_end_call = cls(
            type_=type_,
        )

        return update_agent_agent_tool_end_call
