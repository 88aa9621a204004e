from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetPhoneNumberPhoneNumber")


@_attrs_define
class GetPhoneNumberPhoneNumber:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['phone_number']):
        phone_number (str): E.164.
        agent_id (str): 24-character hexadecimal id
        name (str):
        carrier (str): The carrier the number was claimed on: `simulated` or `twilio`.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: str
    object_: Literal["phone_number"]
    phone_number: str
    agent_id: str
    name: str
    carrier: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_

        phone_number = self.phone_number

        agent_id = self.agent_id

        name = self.name

        carrier = self.carrier

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "object": object_,
                "phoneNumber": phone_number,
                "agentId": agent_id,
                "name": name,
                "carrier": carrier,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["phone_number"], d.pop("object"))
        if object_ != "phone_number":
            raise ValueError(f"object must match const 'phone_number', got '{object_}'")

        phone_number = d.pop("phoneNumber")

        agent_id = d.pop("agentId")

        name = d.pop("name")

        carrier = d.pop("carrier")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        get_phone_number_phone_number = cls(
            id=id,
            object_=object_,
            phone_number=phone_number,
            agent_id=agent_id,
            name=name,
            carrier=carrier,
            created_at=created_at,
            updated_at=updated_at,
        )

        get_phone_number_phone_number.additional_properties = d
        return get_phone_number_phone_number

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
