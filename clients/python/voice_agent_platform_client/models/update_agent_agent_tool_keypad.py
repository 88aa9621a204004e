from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UpdateAgentAgentToolKeypad")


@_attrs_define
class UpdateAgentAgentToolKeypad:
    """The agent may press keys (DTMF), e.g. through a phone menu.

    Attributes:
        type_ (Literal['keypad']):
    """

    type_: Literal["keypad"]

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
        type_ = cast(Literal["keypad"], d.pop("type"))
        if type_ != "keypad":
            raise ValueError(f"type must match const 'keypad', got '{type_}'")

        update_agent_agent_tool_keypad = cls(
            type_=type_,
        )

        return update_agent_agent_tool_keypad
