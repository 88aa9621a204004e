from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetAgentAgentToolTransferDestinationsItem")


@_attrs_define
class GetAgentAgentToolTransferDestinationsItem:
    """
    Attributes:
        phone_number (str): E.164, such as `+442079460030`.
        description (str): Who answers there, for the model to choose.
    """

    phone_number: str
    description: str

    def to_dict(self) -> dict[str, Any]:
        phone_number = self.phone_number

        description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "phoneNumber": phone_number,
                "description": description,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        phone_number = d.pop("phoneNumber")

        description = d.pop("description")

        get_agent_agent_tool_transfer_destinations_item = cls(
            phone_number=phone_number,
            description=description,
        )

        return get_agent_agent_tool_transfer_destinations_item
