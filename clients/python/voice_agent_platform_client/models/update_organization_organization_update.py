from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.update_organization_organization_update_allowed_countries_type_0_item import (
    UpdateOrganizationOrganizationUpdateAllowedCountriesType0Item,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateOrganizationOrganizationUpdate")


@_attrs_define
class UpdateOrganizationOrganizationUpdate:
    """
    Attributes:
        recording_retention_days (int | Unset): Days call recordings are kept after the call, then deleted (its
            `recordingAvailable` becomes false). Default 90; at most 3650. A change applies to recordings already stored
            too; the sweep runs hourly.
        allowed_countries (list[UpdateOrganizationOrganizationUpdateAllowedCountriesType0Item] | None | Unset): The
            countries the organization may call, e.g. `["GB", "IE"]`; null goes back to the service's default.
    """

    recording_retention_days: int | Unset = UNSET
    allowed_countries: list[UpdateOrganizationOrganizationUpdateAllowedCountriesType0Item] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        recording_retention_days = self.recording_retention_days

        allowed_countries: list[str] | None | Unset
        if isinstance(self.allowed_countries, Unset):
            allowed_countries = UNSET
        elif isinstance(self.allowed_countries, list):
            allowed_countries = []
            for allowed_countries_type_0_item_data in self.allowed_countries:
                allowed_countries_type_0_item = allowed_countries_type_0_item_data.value
                allowed_countries.append(allowed_countries_type_0_item)

        else:
            allowed_countries = self.allowed_countries

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if recording_retention_days is not UNSET:
            field_dict["recordingRetentionDays"] = recording_retention_days
        if allowed_countries is not UNSET:
            field_dict["allowedCountries"] = allowed_countries

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        recording_retention_days = d.pop("recordingRetentionDays", UNSET)

        def _parse_allowed_countries(
            data: object,
        ) -> list[UpdateOrganizationOrganizationUpdateAllowedCountriesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                allowed_countries_type_0 = []
                _allowed_countries_type_0 = data
                for allowed_countries_type_0_item_data in _allowed_countries_type_0:
                    allowed_countries_type_0_item = UpdateOrganizationOrganizationUpdateAllowedCountriesType0Item(
                        allowed_countries_type_0_item_data
                    )

                    allowed_countries_type_0.append(allowed_countries_type_0_item)

                return allowed_countries_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UpdateOrganizationOrganizationUpdateAllowedCountriesType0Item] | None | Unset, data)

        allowed_countries = _parse_allowed_countries(d.pop("allowedCountries", UNSET))

        update_organization_organization_update = cls(
            recording_retention_days=recording_retention_days,
            allowed_countries=allowed_countries,
        )

        return update_organization_organization_update
