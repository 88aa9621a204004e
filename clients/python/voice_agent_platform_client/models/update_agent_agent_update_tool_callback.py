from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="UpdateAgentAgentUpdateToolCallback")


@_attrs_define
class UpdateAgentAgentUpdateToolCallback:
    """The agent may agree a time to call back; the report carries it as `callback.at`.

    Attributes:
        type_ (Literal['callback']):
    """

    type_: Literal["callback"]

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
        type_ = cast(Literal["callback"], d.pop("type"))
        if type_ != "callback":
            raise ValueError(f"type must match const 'callback', got '{type_}'")

        update_agent_agent_update_tool_callback = cls(
            type_=type_,
        )

        return update_agent_agent_update_tool_callback
