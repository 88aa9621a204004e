from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.place_call_call_create_variables import PlaceCallCallCreateVariables


T = TypeVar("T", bound="PlaceCallCallCreate")


@_attrs_define
class PlaceCallCallCreate:
    """
    Attributes:
        agent_id (str): A phone agent of your organization.
        phone_number (str): E.164, e.g. +14155550123.
        contact_name (str | Unset):
        external_ref (str | Unset): Your identifier, echoed on the call and its report.
        variables (PlaceCallCallCreateVariables | Unset): Values for every `{{placeholder}}` of the agent's instructions
            and greeting, and nothing else.
    """

    agent_id: str
    phone_number: str
    contact_name: str | Unset = UNSET
    external_ref: str | Unset = UNSET
    variables: PlaceCallCallCreateVariables | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        agent_id = self.agent_id

        phone_number = self.phone_number

        contact_name = self.contact_name

        external_ref = self.external_ref

        variables: dict[str, Any] | Unset = UNSET
        if not isinstance(self.variables, Unset):
            variables = self.variables.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agentId": agent_id,
                "phoneNumber": phone_number,
            }
        )
        if contact_name is not UNSET:
            field_dict["contactName"] = contact_name
        if external_ref is not UNSET:
            field_dict["externalRef"] = external_ref
        if variables is not UNSET:
            field_dict["variables"] = variables

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.place_call_call_create_variables import PlaceCallCallCreateVariables  # noqa: PLC0415

        d = dict(src_dict)
        agent_id = d.pop("agentId")

        phone_number = d.pop("phoneNumber")

        contact_name = d.pop("contactName", UNSET)

        external_ref = d.pop("externalRef", UNSET)

        _variables = d.pop("variables", UNSET)
        variables: PlaceCallCallCreateVariables | Unset
        if isinstance(_variables, Unset):
            variables = UNSET
        else:
            variables = PlaceCallCallCreateVariables.from_dict(_variables)

        place_call_call_create = cls(
            agent_id=agent_id,
            phone_number=phone_number,
            contact_name=contact_name,
            external_ref=external_ref,
            variables=variables,
        )

        return place_call_call_create
