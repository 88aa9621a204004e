from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_agent_agent_tool_transfer_mode import GetAgentAgentToolTransferMode

if TYPE_CHECKING:
    from ..models.get_agent_agent_tool_transfer_destinations_item import GetAgentAgentToolTransferDestinationsItem


T = TypeVar("T", bound="GetAgentAgentToolTransfer")


@_attrs_define
class GetAgentAgentToolTransfer:
    """
    Attributes:
        type_ (Literal['transfer']):
        destinations (list[GetAgentAgentToolTransferDestinationsItem]):
        mode (GetAgentAgentToolTransferMode): `cold` hands the caller over; `warm` first tells the person who answers
            who is calling and why. Default `cold`.
    """

    type_: Literal["transfer"]
    destinations: list[GetAgentAgentToolTransferDestinationsItem]
    mode: GetAgentAgentToolTransferMode

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
        from ..models.get_agent_agent_tool_transfer_destinations_item import GetAgentAgentToolTransferDestinationsItem  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["transfer"], d.pop("type"))
        if type_ != "transfer":
            raise ValueError(f"type must match const 'transfer', got '{type_}'")

        destinations = []
        _destinations = d.pop("destinations")
        for destinations_item_data in _destinations:
            destinations_item = GetAgentAgentToolTransferDestinationsItem.from_dict(destinations_item_data)

            destinations.append(destinations_item)

        mode = GetAgentAgentToolTransferMode(d.pop("mode"))

        get_agent_agent_tool_transfer = cls(
            type_=type_,
            destinations=destinations,
            mode=mode,
        )

        return get_agent_agent_tool_transfer
