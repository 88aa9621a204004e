from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_interview_analytics_interviews_analytics_buckets_item_recommendations import (
        GetInterviewAnalyticsInterviewsAnalyticsBucketsItemRecommendations,
    )


T = TypeVar("T", bound="GetInterviewAnalyticsInterviewsAnalyticsBucketsItem")


@_attrs_define
class GetInterviewAnalyticsInterviewsAnalyticsBucketsItem:
    """
    Attributes:
        key (None | str): The bucket: a local day `YYYY-MM-DD`, an agent or campaign id, a disposition or an outcome.
        interviews (int): Interviews that ended.
        started (int): Of them, those the candidate started.
        completed (int): Of them, those ended by the agent or the candidate (not expired, silent, at the maximum
            duration or by an operator).
        minutes (float): The sum of `durationSeconds` / 60, to two decimals.
        charged_minutes (int):
        avg_duration_seconds (float): Seconds per started interview, to one decimal; 0 without one.
        avg_overall_score (float | None): Mean `overallScore` of the reports that have one, to two decimals; null
            without one.
        recommendations (GetInterviewAnalyticsInterviewsAnalyticsBucketsItemRecommendations): Reports per
            `recommendation`.
    """

    key: None | str
    interviews: int
    started: int
    completed: int
    minutes: float
    charged_minutes: int
    avg_duration_seconds: float
    avg_overall_score: float | None
    recommendations: GetInterviewAnalyticsInterviewsAnalyticsBucketsItemRecommendations
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key: None | str
        key = self.key

        interviews = self.interviews

        started = self.started

        completed = self.completed

        minutes = self.minutes

        charged_minutes = self.charged_minutes

        avg_duration_seconds = self.avg_duration_seconds

        avg_overall_score: float | None
        avg_overall_score = self.avg_overall_score

        recommendations = self.recommendations.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "interviews": interviews,
                "started": started,
                "completed": completed,
                "minutes": minutes,
                "chargedMinutes": charged_minutes,
                "avgDurationSeconds": avg_duration_seconds,
                "avgOverallScore": avg_overall_score,
                "recommendations": recommendations,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_interview_analytics_interviews_analytics_buckets_item_recommendations import (
            GetInterviewAnalyticsInterviewsAnalyticsBucketsItemRecommendations,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key = _parse_key(d.pop("key"))

        interviews = d.pop("interviews")

        started = d.pop("started")

        completed = d.pop("completed")

        minutes = d.pop("minutes")

        charged_minutes = d.pop("chargedMinutes")

        avg_duration_seconds = d.pop("avgDurationSeconds")

        def _parse_avg_overall_score(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        avg_overall_score = _parse_avg_overall_score(d.pop("avgOverallScore"))

        recommendations = GetInterviewAnalyticsInterviewsAnalyticsBucketsItemRecommendations.from_dict(
            d.pop("recommendations")
        )

        get_interview_analytics_interviews_analytics_buckets_item = cls(
            key=key,
            interviews=interviews,
            started=started,
            completed=completed,
            minutes=minutes,
            charged_minutes=charged_minutes,
            avg_duration_seconds=avg_duration_seconds,
            avg_overall_score=avg_overall_score,
            recommendations=recommendations,
        )

        get_interview_analytics_interviews_analytics_buckets_item.additional_properties = d
        return get_interview_analytics_interviews_analytics_buckets_item

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
