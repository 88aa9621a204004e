from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_call_analytics_calls_analytics_buckets_item_outcomes import (
        GetCallAnalyticsCallsAnalyticsBucketsItemOutcomes,
    )
    from ..models.get_call_analytics_calls_analytics_buckets_item_sentiment import (
        GetCallAnalyticsCallsAnalyticsBucketsItemSentiment,
    )


T = TypeVar("T", bound="GetCallAnalyticsCallsAnalyticsBucketsItem")


@_attrs_define
class GetCallAnalyticsCallsAnalyticsBucketsItem:
    """
    Attributes:
        key (None | str): The bucket: a local day `YYYY-MM-DD`, an agent or campaign id, a disposition or an outcome.
        calls (int): Calls that ended (a call in progress counts once it ends).
        connected (int): Calls the callee answered.
        connect_rate (float): `connected / calls`, 0 to 1, to four decimals; 0 without calls.
        completed (int): Calls with disposition `completed` (the agent finished the conversation).
        minutes (float): Connected time: the sum of the calls’ `durationSeconds` / 60, to two decimals.
        charged_minutes (int): The sum of the calls’ `chargedMinutes`: what was charged to credits, or recorded as
            `byok` usage.
        avg_duration_seconds (float): Connected seconds per connected call, to one decimal; 0 without one.
        outcomes (GetCallAnalyticsCallsAnalyticsBucketsItemOutcomes): Calls per report `outcome`, for reports written so
            far that give one.
        sentiment (GetCallAnalyticsCallsAnalyticsBucketsItemSentiment): Calls per report `sentiment`.
        opt_outs (int): Reports with `optOut: true`.
        transferred (int): Calls with disposition `transferred` (the agent handed the call to a person).
        tool_calls (int): The agents’ tool calls (`http` tools and built-ins), from the reports written so far
            (`toolCalls` of each).
        tool_call_errors (int): Of `toolCalls`, those whose outcome was `error`.
    """

    key: None | str
    calls: int
    connected: int
    connect_rate: float
    completed: int
    minutes: float
    charged_minutes: int
    avg_duration_seconds: float
    outcomes: GetCallAnalyticsCallsAnalyticsBucketsItemOutcomes
    sentiment: GetCallAnalyticsCallsAnalyticsBucketsItemSentiment
    opt_outs: int
    transferred: int
    tool_calls: int
    tool_call_errors: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key: None | str
        key = self.key

        calls = self.calls

        connected = self.connected

        connect_rate = self.connect_rate

        completed = self.completed

        minutes = self.minutes

        charged_minutes = self.charged_minutes

        avg_duration_seconds = self.avg_duration_seconds

        outcomes = self.outcomes.to_dict()

        sentiment = self.sentiment.to_dict()

        opt_outs = self.opt_outs

        transferred = self.transferred

        tool_calls = self.tool_calls

        tool_call_errors = self.tool_call_errors

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "key": key,
                "calls": calls,
                "connected": connected,
                "connectRate": connect_rate,
                "completed": completed,
                "minutes": minutes,
                "chargedMinutes": charged_minutes,
                "avgDurationSeconds": avg_duration_seconds,
                "outcomes": outcomes,
                "sentiment": sentiment,
                "optOuts": opt_outs,
                "transferred": transferred,
                "toolCalls": tool_calls,
                "toolCallErrors": tool_call_errors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_call_analytics_calls_analytics_buckets_item_outcomes import (
            GetCallAnalyticsCallsAnalyticsBucketsItemOutcomes,  # noqa: PLC0415
        )
        from ..models.get_call_analytics_calls_analytics_buckets_item_sentiment import (
            GetCallAnalyticsCallsAnalyticsBucketsItemSentiment,  # noqa: PLC0415
        )

        d = dict(src_dict)

        def _parse_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        key = _parse_key(d.pop("key"))

        calls = d.pop("calls")

        connected = d.pop("connected")

        connect_rate = d.pop("connectRate")

        completed = d.pop("completed")

        minutes = d.pop("minutes")

        charged_minutes = d.pop("chargedMinutes")

        avg_duration_seconds = d.pop("avgDurationSeconds")

        outcomes = GetCallAnalyticsCallsAnalyticsBucketsItemOutcomes.from_dict(d.pop("outcomes"))

        sentiment = GetCallAnalyticsCallsAnalyticsBucketsItemSentiment.from_dict(d.pop("sentiment"))

        opt_outs = d.pop("optOuts")

        transferred = d.pop("transferred")

        tool_calls = d.pop("toolCalls")

        tool_call_errors = d.pop("toolCallErrors")

        get_call_analytics_calls_analytics_buckets_item = cls(
            key=key,
            calls=calls,
            connected=connected,
            connect_rate=connect_rate,
            completed=completed,
            minutes=minutes,
            charged_minutes=charged_minutes,
            avg_duration_seconds=avg_duration_seconds,
            outcomes=outcomes,
            sentiment=sentiment,
            opt_outs=opt_outs,
            transferred=transferred,
            tool_calls=tool_calls,
            tool_call_errors=tool_call_errors,
        )

        get_call_analytics_calls_analytics_buckets_item.additional_properties = d
        return get_call_analytics_calls_analytics_buckets_item

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
