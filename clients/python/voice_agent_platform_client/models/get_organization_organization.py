from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_organization_organization_allowed_countries_type_0_item import (
    GetOrganizationOrganizationAllowedCountriesType0Item,
)
from ..models.get_organization_organization_effective_allowed_countries_type_0_item import (
    GetOrganizationOrganizationEffectiveAllowedCountriesType0Item,
)

T = TypeVar("T", bound="GetOrganizationOrganization")


@_attrs_define
class GetOrganizationOrganization:
    """
    Attributes:
        object_ (Literal['organization']):
        id (str): 24-character hexadecimal id
        name (str):
        plan (str):
        recording_retention_days (int): Days call recordings are kept after the call, then deleted (its
            `recordingAvailable` becomes false). Default 90; at most 3650. A change applies to recordings already stored
            too; the sweep runs hourly.
        allowed_countries (list[GetOrganizationOrganizationAllowedCountriesType0Item] | None): The countries (ISO 3166-1
            alpha-2) the organization may call; null: it follows the service's default.
        effective_allowed_countries (list[GetOrganizationOrganizationEffectiveAllowedCountriesType0Item] | None): The
            countries its calls may go to now: its own list, else the service’s default; null: any country. Premium-rate,
            shared-cost, personal and pager numbers are refused whatever the list.
    """

    object_: Literal["organization"]
    id: str
    name: str
    plan: str
    recording_retention_days: int
    allowed_countries: list[GetOrganizationOrganizationAllowedCountriesType0Item] | None
    effective_allowed_countries: list[GetOrganizationOrganizationEffectiveAllowedCountriesType0Item] | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        id = self.id

        name = self.name

        plan = self.plan

        recording_retention_days = self.recording_retention_days

        allowed_countries: list[str] | None
        if isinstance(self.allowed_countries, list):
            allowed_countries = []
            for allowed_countries_type_0_item_data in self.allowed_countries:
                allowed_countries_type_0_item = allowed_countries_type_0_item_data.value
                allowed_countries.append(allowed_countries_type_0_item)

        else:
            allowed_countries = self.allowed_countries

        effective_allowed_countries: list[str] | None
        if isinstance(self.effective_allowed_countries, list):
            effective_allowed_countries = []
            for effective_allowed_countries_type_0_item_data in self.effective_allowed_countries:
                effective_allowed_countries_type_0_item = effective_allowed_countries_type_0_item_data.value
                effective_allowed_countries.append(effective_allowed_countries_type_0_item)

        else:
            effective_allowed_countries = self.effective_allowed_countries

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "id": id,
                "name": name,
                "plan": plan,
                "recordingRetentionDays": recording_retention_days,
                "allowedCountries": allowed_countries,
                "effectiveAllowedCountries": effective_allowed_countries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_ = cast(Literal["organization"], d.pop("object"))
        if object_ != "organization":
            raise ValueError(f"object must match const 'organization', got '{object_}'")

        id = d.pop("id")

        name = d.pop("name")

        plan = d.pop("plan")

        recording_retention_days = d.pop("recordingRetentionDays")

        def _parse_allowed_countries(data: object) -> list[GetOrganizationOrganizationAllowedCountriesType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_countries_type_0 = []
                _allowed_countries_type_0 = data
                for allowed_countries_type_0_item_data in _allowed_countries_type_0:
                    allowed_countries_type_0_item = GetOrganizationOrganizationAllowedCountriesType0Item(
                        allowed_countries_type_0_item_data
                    )

                    allowed_countries_type_0.append(allowed_countries_type_0_item)

                return allowed_countries_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[GetOrganizationOrganizationAllowedCountriesType0Item] | None, data)

        allowed_countries = _parse_allowed_countries(d.pop("allowedCountries"))

        def _parse_effective_allowed_countries(
            data: object,
        ) -> list[GetOrganizationOrganizationEffectiveAllowedCountriesType0Item] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                effective_allowed_countries_type_0 = []
                _effective_allowed_countries_type_0 = data
                for effective_allowed_countries_type_0_item_data in _effective_allowed_countries_type_0:
                    effective_allowed_countries_type_0_item = (
                        GetOrganizationOrganizationEffectiveAllowedCountriesType0Item(
                            effective_allowed_countries_type_0_item_data
                        )
                    )

                    effective_allowed_countries_type_0.append(effective_allowed_countries_type_0_item)

                return effective_allowed_countries_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[GetOrganizationOrganizationEffectiveAllowedCountriesType0Item] | None, data)

        effective_allowed_countries = _parse_effective_allowed_countries(d.pop("effectiveAllowedCountries"))

        get_organization_organization = cls(
            object_=object_,
            id=id,
            name=name,
            plan=plan,
            recording_retention_days=recording_retention_days,
            allowed_countries=allowed_countries,
            effective_allowed_countries=effective_allowed_countries,
        )

        get_organization_organization.additional_properties = d
        return get_organization_organization

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
