from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_campaign_campaign_create_calling_hours_type_0 import (
        CreateCampaignCampaignCreateCallingHoursType0,
    )
    from ..models.create_campaign_campaign_create_settings import CreateCampaignCampaignCreateSettings


T = TypeVar("T", bound="CreateCampaignCampaignCreate")


@_attrs_define
class CreateCampaignCampaignCreate:
    """
    Attributes:
        name (str):
        agent_id (str): A phone agent of your organization that places calls (`phone.direction` `outbound` or `both`; an
            inbound-only agent is 400 naming this field).
        description (str | Unset):
        timezone (str | Unset): IANA time zone, e.g. `Europe/London` (default `UTC`): the calling hours’ zone for
            recipients without one of their own.
        settings (CreateCampaignCampaignCreateSettings | Unset):
        calling_hours (CreateCampaignCampaignCreateCallingHoursType0 | None | Unset):
    """

    name: str
    agent_id: str
    description: str | Unset = UNSET
    timezone: str | Unset = UNSET
    settings: CreateCampaignCampaignCreateSettings | Unset = UNSET
    calling_hours: CreateCampaignCampaignCreateCallingHoursType0 | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_campaign_campaign_create_calling_hours_type_0 import (
            CreateCampaignCampaignCreateCallingHoursType0,  # noqa: PLC0415
        )

        name = self.name

        agent_id = self.agent_id

        description = self.description

        timezone = self.timezone

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        calling_hours: dict[str, Any] | None | Unset
        if isinstance(self.calling_hours, Unset):
            calling_hours = UNSET
        elif isinstance(self.calling_hours, CreateCampaignCampaignCreateCallingHoursType0):
            calling_hours = self.calling_hours.to_dict()
        else:
            calling_hours = self.calling_hours

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "agentId": agent_id,
            }
        )
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
        from ..models.create_campaign_campaign_create_calling_hours_type_0 import (
            CreateCampaignCampaignCreateCallingHoursType0,  # noqa: PLC0415
        )
        from ..models.create_campaign_campaign_create_settings import CreateCampaignCampaignCreateSettings  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        agent_id = d.pop("agentId")

        description = d.pop("description", UNSET)

        timezone = d.pop("timezone", UNSET)

        _settings = d.pop("settings", UNSET)
        settings: CreateCampaignCampaignCreateSettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = CreateCampaignCampaignCreateSettings.from_dict(_settings)

        def _parse_calling_hours(data: object) -> CreateCampaignCampaignCreateCallingHoursType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                calling_hours_type_0 = CreateCampaignCampaignCreateCallingHoursType0.from_dict(data)

                return calling_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateCampaignCampaignCreateCallingHoursType0 | None | Unset, data)

        calling_hours = _parse_calling_hours(d.pop("callingHours", UNSET))

        create_campaign_campaign_create = cls(
            name=name,
            agent_id=agent_id,
            description=description,
            timezone=timezone,
            settings=settings,
            calling_hours=calling_hours,
        )

        return create_campaign_campaign_create
