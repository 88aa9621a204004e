from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.launch_campaign_campaign_paused_reason_type_0 import LaunchCampaignCampaignPausedReasonType0
from ..models.launch_campaign_campaign_status import LaunchCampaignCampaignStatus

if TYPE_CHECKING:
    from ..models.launch_campaign_campaign_calling_hours_type_0 import LaunchCampaignCampaignCallingHoursType0
    from ..models.launch_campaign_campaign_settings import LaunchCampaignCampaignSettings
    from ..models.launch_campaign_campaign_stats import LaunchCampaignCampaignStats


T = TypeVar("T", bound="LaunchCampaignCampaign")


@_attrs_define
class LaunchCampaignCampaign:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['campaign']):
        name (str):
        description (str):
        agent_id (str): 24-character hexadecimal id
        agent_name (str):
        status (LaunchCampaignCampaignStatus):
        timezone (str):
        settings (LaunchCampaignCampaignSettings):
        calling_hours (LaunchCampaignCampaignCallingHoursType0 | None):
        stats (LaunchCampaignCampaignStats): Always `total = pending + completed + failed`, and `suppressed <= failed`:
            the suppressed count in `failed` too.
        paused_reason (LaunchCampaignCampaignPausedReasonType0 | None): Why a `paused` campaign stopped dialling.
        launched_at (datetime.datetime | None):
        paused_at (datetime.datetime | None): The latest pause.
        completed_at (datetime.datetime | None):
        cancelled_at (datetime.datetime | None):
        archived_at (datetime.datetime | None):
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: str
    object_: Literal["campaign"]
    name: str
    description: str
    agent_id: str
    agent_name: str
    status: LaunchCampaignCampaignStatus
    timezone: str
    settings: LaunchCampaignCampaignSettings
    calling_hours: LaunchCampaignCampaignCallingHoursType0 | None
    stats: LaunchCampaignCampaignStats
    paused_reason: LaunchCampaignCampaignPausedReasonType0 | None
    launched_at: datetime.datetime | None
    paused_at: datetime.datetime | None
    completed_at: datetime.datetime | None
    cancelled_at: datetime.datetime | None
    archived_at: datetime.datetime | None
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.launch_campaign_campaign_calling_hours_type_0 import LaunchCampaignCampaignCallingHoursType0  # noqa: PLC0415

        id = self.id

        object_ = self.object_

        name = self.name

        description = self.description

        agent_id = self.agent_id

        agent_name = self.agent_name

        status = self.status.value

        timezone = self.timezone

        settings = self.settings.to_dict()

        calling_hours: dict[str, Any] | None
        if isinstance(self.calling_hours, LaunchCampaignCampaignCallingHoursType0):
            calling_hours = self.calling_hours.to_dict()
        else:
            calling_hours = self.calling_hours

        stats = self.stats.to_dict()

        paused_reason: None | str
        if isinstance(self.paused_reason, LaunchCampaignCampaignPausedReasonType0):
            paused_reason = self.paused_reason.value
        else:
            paused_reason = self.paused_reason

        launched_at: None | str
        if isinstance(self.launched_at, datetime.datetime):
            launched_at = self.launched_at.isoformat()
        else:
            launched_at = self.launched_at

        paused_at: None | str
        if isinstance(self.paused_at, datetime.datetime):
            paused_at = self.paused_at.isoformat()
        else:
            paused_at = self.paused_at

        completed_at: None | str
        if isinstance(self.completed_at, datetime.datetime):
            completed_at = self.completed_at.isoformat()
        else:
            completed_at = self.completed_at

        cancelled_at: None | str
        if isinstance(self.cancelled_at, datetime.datetime):
            cancelled_at = self.cancelled_at.isoformat()
        else:
            cancelled_at = self.cancelled_at

        archived_at: None | str
        if isinstance(self.archived_at, datetime.datetime):
            archived_at = self.archived_at.isoformat()
        else:
            archived_at = self.archived_at

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "object": object_,
                "name": name,
                "description": description,
                "agentId": agent_id,
                "agentName": agent_name,
                "status": status,
                "timezone": timezone,
                "settings": settings,
                "callingHours": calling_hours,
                "stats": stats,
                "pausedReason": paused_reason,
                "launchedAt": launched_at,
                "pausedAt": paused_at,
                "completedAt": completed_at,
                "cancelledAt": cancelled_at,
                "archivedAt": archived_at,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.launch_campaign_campaign_calling_hours_type_0 import LaunchCampaignCampaignCallingHoursType0  # noqa: PLC0415
        from ..models.launch_campaign_campaign_settings import LaunchCampaignCampaignSettings  # noqa: PLC0415
        from ..models.launch_campaign_campaign_stats import LaunchCampaignCampaignStats  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["campaign"], d.pop("object"))
        if object_ != "campaign":
            raise ValueError(f"object must match const 'campaign', got '{object_}'")

        name = d.pop("name")

        description = d.pop("description")

        agent_id = d.pop("agentId")

        agent_name = d.pop("agentName")

        status = LaunchCampaignCampaignStatus(d.pop("status"))

        timezone = d.pop("timezone")

        settings = LaunchCampaignCampaignSettings.from_dict(d.pop("settings"))

        def _parse_calling_hours(data: object) -> LaunchCampaignCampaignCallingHoursType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                calling_hours_type_0 = LaunchCampaignCampaignCallingHoursType0.from_dict(data)

                return calling_hours_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LaunchCampaignCampaignCallingHoursType0 | None, data)

        calling_hours = _parse_calling_hours(d.pop("callingHours"))

        stats = LaunchCampaignCampaignStats.from_dict(d.pop("stats"))

        def _parse_paused_reason(data: object) -> LaunchCampaignCampaignPausedReasonType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_reason_type_0 = LaunchCampaignCampaignPausedReasonType0(data)

                return paused_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LaunchCampaignCampaignPausedReasonType0 | None, data)

        paused_reason = _parse_paused_reason(d.pop("pausedReason"))

        def _parse_launched_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                launched_at_type_0 = datetime.datetime.fromisoformat(data)

                return launched_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        launched_at = _parse_launched_at(d.pop("launchedAt"))

        def _parse_paused_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paused_at_type_0 = datetime.datetime.fromisoformat(data)

                return paused_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        paused_at = _parse_paused_at(d.pop("pausedAt"))

        def _parse_completed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                completed_at_type_0 = datetime.datetime.fromisoformat(data)

                return completed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        completed_at = _parse_completed_at(d.pop("completedAt"))

        def _parse_cancelled_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                cancelled_at_type_0 = datetime.datetime.fromisoformat(data)

                return cancelled_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        cancelled_at = _parse_cancelled_at(d.pop("cancelledAt"))

        def _parse_archived_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                archived_at_type_0 = datetime.datetime.fromisoformat(data)

                return archived_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        archived_at = _parse_archived_at(d.pop("archivedAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        launch_campaign_campaign = cls(
            id=id,
            object_=object_,
            name=name,
            description=description,
            agent_id=agent_id,
            agent_name=agent_name,
            status=status,
            timezone=timezone,
            settings=settings,
            calling_hours=calling_hours,
            stats=stats,
            paused_reason=paused_reason,
            launched_at=launched_at,
            paused_at=paused_at,
            completed_at=completed_at,
            cancelled_at=cancelled_at,
            archived_at=archived_at,
            created_at=created_at,
        )

        launch_campaign_campaign.additional_properties = d
        return launch_campaign_campaign

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
