from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_interview_analytics_interviews_analytics_group_by import (
    GetInterviewAnalyticsInterviewsAnalyticsGroupBy,
)

if TYPE_CHECKING:
    from ..models.get_interview_analytics_interviews_analytics_buckets_item import (
        GetInterviewAnalyticsInterviewsAnalyticsBucketsItem,
    )
    from ..models.get_interview_analytics_interviews_analytics_totals import (
        GetInterviewAnalyticsInterviewsAnalyticsTotals,
    )


T = TypeVar("T", bound="GetInterviewAnalyticsInterviewsAnalytics")


@_attrs_define
class GetInterviewAnalyticsInterviewsAnalytics:
    """
    Attributes:
        object_ (Literal['analytics']):
        metric (Literal['interviews']):
        from_ (datetime.date):
        to (datetime.date):
        timezone (str):
        group_by (GetInterviewAnalyticsInterviewsAnalyticsGroupBy):
        starts_at (datetime.datetime): The first instant counted: `from`’s local midnight.
        ends_at (datetime.datetime): The first instant not counted: the local midnight after `to`.
        totals (GetInterviewAnalyticsInterviewsAnalyticsTotals):
        buckets (list[GetInterviewAnalyticsInterviewsAnalyticsBucketsItem]): Days in order; other groups by most calls
            (or interviews) first, then key.
    """

    object_: Literal["analytics"]
    metric: Literal["interviews"]
    from_: datetime.date
    to: datetime.date
    timezone: str
    group_by: GetInterviewAnalyticsInterviewsAnalyticsGroupBy
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    totals: GetInterviewAnalyticsInterviewsAnalyticsTotals
    buckets: list[GetInterviewAnalyticsInterviewsAnalyticsBucketsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        metric = self.metric

        from_ = self.from_.isoformat()

        to = self.to.isoformat()

        timezone = self.timezone

        group_by = self.group_by.value

        starts_at = self.starts_at.isoformat()

        ends_at = self.ends_at.isoformat()

        totals = self.totals.to_dict()

        buckets = []
        for buckets_item_data in self.buckets:
            buckets_item = buckets_item_data.to_dict()
            buckets.append(buckets_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "metric": metric,
                "from": from_,
                "to": to,
                "timezone": timezone,
                "groupBy": group_by,
                "startsAt": starts_at,
                "endsAt": ends_at,
                "totals": totals,
                "buckets": buckets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_interview_analytics_interviews_analytics_buckets_item import (
            GetInterviewAnalyticsInterviewsAnalyticsBucketsItem,  # noqa: PLC0415
        )
        from ..models.get_interview_analytics_interviews_analytics_totals import (
            GetInterviewAnalyticsInterviewsAnalyticsTotals,  # noqa: PLC0415
        )

        d = dict(src_dict)
        object_ = cast(Literal["analytics"], d.pop("object"))
        if object_ != "analytics":
            raise ValueError(f"object must match const 'analytics', got '{object_}'")

        metric = cast(Literal["interviews"], d.pop("metric"))
        if metric != "interviews":
            raise ValueError(f"metric must match const 'interviews', got '{metric}'")

        from_ = datetime.date.fromisoformat(d.pop("from"))

        to = datetime.date.fromisoformat(d.pop("to"))

        timezone = d.pop("timezone")

        group_by = GetInterviewAnalyticsInterviewsAnalyticsGroupBy(d.pop("groupBy"))

        starts_at = datetime.datetime.fromisoformat(d.pop("startsAt"))

        ends_at = datetime.datetime.fromisoformat(d.pop("endsAt"))

        totals = GetInterviewAnalyticsInterviewsAnalyticsTotals.from_dict(d.pop("totals"))

        buckets = []
        _buckets = d.pop("buckets")
        for buckets_item_data in _buckets:
            buckets_item = GetInterviewAnalyticsInterviewsAnalyticsBucketsItem.from_dict(buckets_item_data)

            buckets.append(buckets_item)

        get_interview_analytics_interviews_analytics = cls(
            object_=object_,
            metric=metric,
            from_=from_,
            to=to,
            timezone=timezone,
            group_by=group_by,
            starts_at=starts_at,
            ends_at=ends_at,
            totals=totals,
            buckets=buckets,
        )

        get_interview_analytics_interviews_analytics.additional_properties = d
        return get_interview_analytics_interviews_analytics

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
