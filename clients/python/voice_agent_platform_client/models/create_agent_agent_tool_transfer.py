from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_agent_agent_tool_transfer_mode import CreateAgentAgentToolTransferMode

if TYPE_CHECKING:
    from ..models.create_agent_agent_tool_transfer_destinations_item import CreateAgentAgentToolTransferDestinationsItem


T = TypeVar("T", bound="CreateAgentAgentToolTransfer")


@_attrs_define
class CreateAgentAgentToolTransfer:
    """
    Attributes:
        type_ (Literal['transfer']):
        destinations (list[CreateAgentAgentToolTransferDestinationsItem]):
        mode (CreateAgentAgentToolTransferMode): `cold` hands the caller over; `warm` first tells the person who answers
            who is calling and why. Default `cold`.
    """

    type_: Literal["transfer"]
    destinations: list[CreateAgentAgentToolTransferDestinationsItem]
    mode: CreateAgentAgentToolTransferMode

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        destinations = []
        for destinations_item_data in self.destinations:
            destinations_item = destinations_item_data.to_dict()
            destinations.append(destinations_item)

        mode = self.mode.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "destinations": destinations,
                "mode": mode,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_agent_agent_tool_transfer_destinations_item import (
            CreateAgentAgentToolTransferDestinationsItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        type_ = cast(Literal["transfer"], d.pop("type"))
        if type_ != "transfer":
            raise ValueError(f"type must match const 'transfer', got '{type_}'")

        destinations = []
        _destinations = d.pop("destinations")
        for destinations_item_data in _destinations:
            destinations_item = CreateAgentAgentToolTransferDestinationsItem.from_dict(destinations_item_data)

            destinations.append(destinations_item)

        mode = CreateAgentAgentToolTransferMode(d.pop("mode"))

        create_agent_agent_tool_transfer = cls(
            type_=type_,
            destinations=destinations,
            mode=mode,
        )

        return create_agent_agent_tool_transfer
