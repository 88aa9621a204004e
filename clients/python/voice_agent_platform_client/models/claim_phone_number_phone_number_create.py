from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ClaimPhoneNumberPhoneNumberCreate")


@_attrs_define
class ClaimPhoneNumberPhoneNumberCreate:
    """
    Attributes:
        phone_number (str): E.164, e.g. +441134960000.
        agent_id (str): A phone agent of your organization whose `phone.direction` is `inbound` or `both`: it answers
            the number’s calls.
        name (str | Unset): Your label for the number, e.g. "Support line".
    """

    phone_number: str
    agent_id: str
    name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        phone_number = self.phone_number

        agent_id = self.agent_id

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "phoneNumber": phone_number,
                "agentId": agent_id,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        phone_number = d.pop("phoneNumber")

        agent_id = d.pop("agentId")

        name = d.pop("name", UNSET)

        claim_phone_number_phone_number_create = cls(
            phone_number=phone_number,
            agent_id=agent_id,
            name=name,
        )

        return claim_phone_number_phone_number_create
