from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.update_campaign_campaign_calling_hours_type_0_days_item import (
    UpdateCampaignCampaignCallingHoursType0DaysItem,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateCampaignCampaignCallingHoursType0")


@_attrs_define
class UpdateCampaignCampaignCallingHoursType0:
    """Daily window for dialling, applied in each recipient’s own time zone (theirs, else the campaign’s `timezone`). `end`
    before `start` spans midnight: the hours after midnight belong to the day the window opened, for `days` and
    `excludeDates`. Across a daylight-saving change the window opens when the local clock shows `start` (a start the
    clock skips: as soon as it is passed). A launched campaign dials the recipients whose window is open, keeps the
    others waiting for theirs, and is `scheduled` while no recipient left to dial has an open window. Null: any time.

        Attributes:
            start (str): `HH:MM`, 24-hour.
            end (str): `HH:MM`, 24-hour.
            days (list[UpdateCampaignCampaignCallingHoursType0DaysItem] | Unset): Local weekdays the window opens on
                (default: every day).
            exclude_dates (list[datetime.date] | Unset): Local dates (`YYYY-MM-DD`) the window stays shut, e.g. public
                holidays.
    """

    start: str
    end: str
    days: list[UpdateCampaignCampaignCallingHoursType0DaysItem] | Unset = UNSET
    exclude_dates: list[datetime.date] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        days: list[str] | Unset = UNSET
        if not isinstance(self.days, Unset):
            days = []
            for days_item_data in self.days:
                days_item = days_item_data.value
                days.append(days_item)

        exclude_dates: list[str] | Unset = UNSET
        if not isinstance(self.exclude_dates, Unset):
            exclude_dates = []
            for exclude_dates_item_data in self.exclude_dates:
                exclude_dates_item = exclude_dates_item_data.isoformat()
                exclude_dates.append(exclude_dates_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
            }
        )
        if days is not UNSET:
            field_dict["days"] = days
        if exclude_dates is not UNSET:
            field_dict["excludeDates"] = exclude_dates

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        _days = d.pop("days", UNSET)
        days: list[UpdateCampaignCampaignCallingHoursType0DaysItem] | Unset = UNSET
        if _days is not UNSET:
            days = []
            for days_item_data in _days:
                days_item = UpdateCampaignCampaignCallingHoursType0DaysItem(days_item_data)

                days.append(days_item)

        _exclude_dates = d.pop("excludeDates", UNSET)
        exclude_dates: list[datetime.date] | Unset = UNSET
        if _exclude_dates is not UNSET:
            exclude_dates = []
            for exclude_dates_item_data in _exclude_dates:
                exclude_dates_item = datetime.date.fromisoformat(exclude_dates_item_data)

                exclude_dates.append(exclude_dates_item)

        update_campaign_campaign_calling_hours_type_0 = cls(
            start=start,
            end=end,
            days=days,
            exclude_dates=exclude_dates,
        )

        return update_campaign_campaign_calling_hours_type_0
