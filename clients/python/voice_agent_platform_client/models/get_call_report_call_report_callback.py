from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_call_report_call_report_callback_next_attempt import GetCallReportCallReportCallbackNextAttempt
from ..types import UNSET, Unset

T = TypeVar("T", bound="GetCallReportCallReportCallback")


@_attrs_define
class GetCallReportCallReportCallback:
    """Present when the person asked to be called back and the agent recorded it with its `callback` tool (the last one, if
    several).

        Attributes:
            at (datetime.datetime): When to call back: the local date and time the person gave, resolved in their time zone,
                with its offset (`2026-11-27T10:00:00+00:00`).
            timezone (str): The IANA zone `at` was resolved in: the campaign recipient’s (or the campaign’s), else the
                contact’s, else the one the number determines, else `UTC`.
            next_attempt (GetCallReportCallReportCallbackNextAttempt | Unset): Campaign calls only. `scheduled`: the
                recipient’s next attempt is at `at`, or when the campaign’s calling hours next open after it (the recipient’s
                `nextAttemptAt`); `retry_limit_reached`: the recipient had no attempt left under `retryLimit`, so none is
                scheduled.
    """

    at: datetime.datetime
    timezone: str
    next_attempt: GetCallReportCallReportCallbackNextAttempt | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        timezone = self.timezone

        next_attempt: str | Unset = UNSET
        if not isinstance(self.next_attempt, Unset):
            next_attempt = self.next_attempt.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "timezone": timezone,
            }
        )
        if next_attempt is not UNSET:
            field_dict["nextAttempt"] = next_attempt

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        timezone = d.pop("timezone")

        _next_attempt = d.pop("nextAttempt", UNSET)
        next_attempt: GetCallReportCallReportCallbackNextAttempt | Unset
        if isinstance(_next_attempt, Unset):
            next_attempt = UNSET
        else:
            next_attempt = GetCallReportCallReportCallbackNextAttempt(_next_attempt)

        get_call_report_call_report_callback = cls(
            at=at,
            timezone=timezone,
            next_attempt=next_attempt,
        )

        get_call_report_call_report_callback.additional_properties = d
        return get_call_report_call_report_callback

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
