from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_campaign_campaign_update_calling_hours_type_0 import (
        UpdateCampaignCampaignUpdateCallingHoursType0,
    )
    from ..models.update_campaign_campaign_update_settings import UpdateCampaignCampaignUpdateSettings


T = TypeVar("T", bound="UpdateCampaignCampaignUpdate")


@_attrs_define
class UpdateCampaignCampaignUpdate:
    """
    Attributes:
        name (str | Unset):
        description (str | Unset):
        timezone (str | Unset): IANA time zone, e.g. `Europe/London` (default `UTC`): the calling hours’ zone for
            recipients without one of their own.
        settings (UpdateCampaignCampaignUpdateSettings | Unset):
        calling_hours (None | Unset | UpdateCampaignCampaignUpdateCallingHoursType0):
    """

    name: str | Unset = UNSET
    description: str | Unset = UNSET
    timezone: str | Unset = UNSET
    settings: UpdateCampaignCampaignUpdateSettings | Unset = UNSET
    calling_hours: None | Unset | UpdateCampaignCampaignUpdateCallingHoursType0 = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.update_campaign_campaign_update_calling_hours_type_0 import (
            UpdateCampaignCampaignUpdateCallingHoursType0,  # noqa: PLC0415
        )

        name = self.name

        description = self.description

        timezone = self.timezone

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        calling_hours: dict[str, Any] | None | Unset
        if isinstance(self.calling_hours, Unset):
            calling_hours = UNSET
        elif isinstance(self.calling_hours, UpdateCampaignCampaignUpdateCallingHoursType0):
            calling_hours = self.calling_hours.to_dict()
        else:
            calling_hours = self.calling_hours

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if settings is not UNSET:
            field_dict["settings"] = settings
        if calling_hours is not UNSET:
            field_dict["callingHours"] = calling_hours

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_campaign_campaign_update_calling_hours_type_0 import (
            UpdateCampaignCampaignUpdateCallingHoursType0,  # noqa: PLC0415
        )
        from ..models.update_campaign_campaign_update_settings import UpdateCampaignCampaignUpdateSettings  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        description = d.pop("description", UNSET)

        timezone = d.pop("timezone", UNSET)

        _settings = d.pop("settings", UNSET)
        settings: UpdateCampaignCampaignUpdateSettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = UpdateCampaignCampaignUpdateSettings.from_dict(_settings)

        def _parse_calling_hours(data: object) -> None | Unset | UpdateCampaignCampaignUpdateCallingHoursType0:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                calling_hours_type_0 = UpdateCampaignCampaignUpdateCallingHoursType0.from_dict(data)

                return calling_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UpdateCampaignCampaignUpdateCallingHoursType0, data)

        calling_hours = _parse_calling_hours(d.pop("callingHours", UNSET))

        update_campaign_campaign_update = cls(
            name=name,
            description=description,
            timezone=timezone,
            settings=settings,
            calling_hours=calling_hours,
        )

        return update_campaign_campaign_update
