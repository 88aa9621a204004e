from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_agent_agent_create_tool_transfer_mode import CreateAgentAgentCreateToolTransferMode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_agent_agent_create_tool_transfer_destinations_item import (
        CreateAgentAgentCreateToolTransferDestinationsItem,
    )


T = TypeVar("T", bound="CreateAgentAgentCreateToolTransfer")


@_attrs_define
class CreateAgentAgentCreateToolTransfer:
    """
    Attributes:
        type_ (Literal['transfer']):
        destinations (list[CreateAgentAgentCreateToolTransferDestinationsItem]):
        mode (CreateAgentAgentCreateToolTransferMode | Unset): `cold` hands the caller over; `warm` first tells the
            person who answers who is calling and why. Default `cold`.
    """

    type_: Literal["transfer"]
    destinations: list[CreateAgentAgentCreateToolTransferDestinationsItem]
    mode: CreateAgentAgentCreateToolTransferMode | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        destinations = []
        for destinations_item_data in self.destinations:
            destinations_item = destinations_item_data.to_dict()
            destinations.append(destinations_item)

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "destinations": destinations,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_agent_agent_create_tool_transfer_destinations_item import (
            CreateAgentAgentCreateToolTransferDestinationsItem,  # noqa: PLC0415
        )

        d = dict(src_dict)
        type_ = cast(Literal["transfer"], d.pop("type"))
        if type_ != "transfer":
            raise ValueError(f"type must match const 'transfer', got '{type_}'")

        destinations = []
        _destinations = d.pop("destinations")
        for destinations_item_data in _destinations:
            destinations_item = CreateAgentAgentCreateToolTransferDestinationsItem.from_dict(destinations_item_data)

            destinations.append(destinations_item)

        _mode = d.pop("mode", UNSET)
        mode: CreateAgentAgentCreateToolTransferMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = CreateAgentAgentCreateToolTransferMode(_mode)

        create_agent_agent_create_tool_transfer = cls(
            type_=type_,
            destinations=destinations,
            mode=mode,
        )

        return create_agent_agent_create_tool_transfer
