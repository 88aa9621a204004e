from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdatePhoneNumberPhoneNumberUpdate")


@_attrs_define
class UpdatePhoneNumberPhoneNumberUpdate:
    """
    Attributes:
        agent_id (str | Unset): Another phone agent taking inbound calls (`phone.direction` `inbound` or `both`); calls
            already in progress stay with their agent.
        name (str | Unset): Your label for the number, e.g. "Support line".
    """

    agent_id: str | Unset = UNSET
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if agent_id is not UNSET:
            field_dict["agentId"] = agent_id
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        agent_id = d.pop("agentId", UNSET)

        name = d.pop("name", UNSET)

        update_phone_number_phone_number_update = cls(
            agent_id=agent_id,
            name=name,
        )

        return update_phone_number_phone_number_update
