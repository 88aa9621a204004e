from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.place_browser_call_browser_call_call_answered_by_type_0 import (
    PlaceBrowserCallBrowserCallCallAnsweredByType0,
)
from ..models.place_browser_call_browser_call_call_direction import PlaceBrowserCallBrowserCallCallDirection
from ..models.place_browser_call_browser_call_call_disposition_type_0 import (
    PlaceBrowserCallBrowserCallCallDispositionType0,
)
from ..models.place_browser_call_browser_call_call_ended_reason_type_0 import (
    PlaceBrowserCallBrowserCallCallEndedReasonType0,
)
from ..models.place_browser_call_browser_call_call_status import PlaceBrowserCallBrowserCallCallStatus

T = TypeVar("T", bound="PlaceBrowserCallBrowserCallCall")


@_attrs_define
class PlaceBrowserCallBrowserCallCall:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['call']):
        agent_id (str): 24-character hexadecimal id
        agent_name (str):
        status (PlaceBrowserCallBrowserCallCallStatus):
        direction (PlaceBrowserCallBrowserCallCallDirection): `outbound`: placed by `POST /calls` or a campaign.
            `inbound`: someone called one of your phone numbers; `phoneNumber` is then the caller’s.
        phone_number (str): The number called (outbound) or the caller’s number (inbound), E.164.
        contact_name (str):
        attempt_number (int):
        campaign_id (None | str): Set when the call belongs to a campaign.
        disposition (None | PlaceBrowserCallBrowserCallCallDispositionType0): How the call ended; null until
            `completed`. `refused`: an inbound call its admission turned away (see `endedReason`).
        language (str):
        external_ref (str):
        started_at (datetime.datetime | None): When the callee answered.
        ended_at (datetime.datetime | None):
        duration_seconds (int | None): Connected time, from answer to end.
        charged_minutes (float | None): Connected time rounded up to the started minute, at least 1 for a call that
            connected however briefly; 0 when it never connected.
        ended_reason (None | PlaceBrowserCallBrowserCallCallEndedReasonType0): Set only on a call its workflow never
            finished, or whose audio was lost. With `disposition: failed`: `not_started` (it was admitted but never placed),
            `terminated` (an operator terminated it), `timed_out`, `failed` or `cancelled`; `media_lost` (the call’s audio
            stream dropped mid-conversation, without the carrier ending the call: the media process holding it died, or the
            stream’s connection broke; the call ended within seconds and its connected time up to then is charged). With
            `disposition: refused` (an inbound call turned away before it was answered; the caller heard the agent’s
            `phone.fallback` and nothing was charged): `insufficient_credits`, `concurrency_limit` (all `maxConcurrentCalls`
            in progress) or `agent_unavailable` (the number’s agent was deleted or no longer takes inbound calls). Null on
            every other call.
        answered_by (None | PlaceBrowserCallBrowserCallCallAnsweredByType0): Who answered, as our answering-machine
            detection decided within the call’s first seconds (agents with `phone.machineDetection`, outbound calls):
            `person`, `voicemail`, `phone_menu` or `call_screener` (a call-screening assistant, which heard who was calling;
            the call then went on with the person, if one came). Null when the detection did not run or had not decided.
        answered_by_after_ms (int | None): Milliseconds of the callee’s audio, from the answer, that it took to decide
            `answeredBy`.
        report_id (None | str): Present once the analysis has finished.
        recording_available (bool): True once the call’s recording is completely stored (agents with
            `phone.recordCalls`), a moment after the call ends; `GET /calls/{id}/recording` serves it. False again once the
            organization’s retention period has deleted it.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: str
    object_: Literal["call"]
    agent_id: str
    agent_name: str
    status: PlaceBrowserCallBrowserCallCallStatus
    direction: PlaceBrowserCallBrowserCallCallDirection
    phone_number: str
    contact_name: str
    attempt_number: int
    campaign_id: None | str
    disposition: None | PlaceBrowserCallBrowserCallCallDispositionType0
    language: str
    external_ref: str
    started_at: datetime.datetime | None
    ended_at: datetime.datetime | None
    duration_seconds: int | None
    charged_minutes: float | None
    ended_reason: None | PlaceBrowserCallBrowserCallCallEndedReasonType0
    answered_by: None | PlaceBrowserCallBrowserCallCallAnsweredByType0
    answered_by_after_ms: int | None
    report_id: None | str
    recording_available: bool
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_

        agent_id = self.agent_id

        agent_name = self.agent_name

        status = self.status.value

        direction = self.direction.value

        phone_number = self.phone_number

        contact_name = self.contact_name

        attempt_number = self.attempt_number

        campaign_id: None | str
        campaign_id = self.campaign_id

        disposition: None | str
        if isinstance(self.disposition, PlaceBrowserCallBrowserCallCallDispositionType0):
            disposition = self.disposition.value
        else:
            disposition = self.disposition

        language = self.language

        external_ref = self.external_ref

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        ended_at: None | str
        if isinstance(self.ended_at, datetime.datetime):
            ended_at = self.ended_at.isoformat()
        else:
            ended_at = self.ended_at

        duration_seconds: int | None
        duration_seconds = self.duration_seconds

        charged_minutes: float | None
        charged_minutes = self.charged_minutes

        ended_reason: None | str
        if isinstance(self.ended_reason, PlaceBrowserCallBrowserCallCallEndedReasonType0):
            ended_reason = self.ended_reason.value
        else:
            ended_reason = self.ended_reason

        answered_by: None | str
        if isinstance(self.answered_by, PlaceBrowserCallBrowserCallCallAnsweredByType0):
            answered_by = self.answered_by.value
        else:
            answered_by = self.answered_by

        answered_by_after_ms: int | None
        answered_by_after_ms = self.answered_by_after_ms

        report_id: None | str
        report_id = self.report_id

        recording_available = self.recording_available

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "object": object_,
                "agentId": agent_id,
                "agentName": agent_name,
                "status": status,
                "direction": direction,
                "phoneNumber": phone_number,
                "contactName": contact_name,
                "attemptNumber": attempt_number,
                "campaignId": campaign_id,
                "disposition": disposition,
                "language": language,
                "externalRef": external_ref,
                "startedAt": started_at,
                "endedAt": ended_at,
                "durationSeconds": duration_seconds,
                "chargedMinutes": charged_minutes,
                "endedReason": ended_reason,
                "answeredBy": answered_by,
                "answeredByAfterMs": answered_by_after_ms,
                "reportId": report_id,
                "recordingAvailable": recording_available,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["call"], d.pop("object"))
        if object_ != "call":
            raise ValueError(f"object must match const 'call', got '{object_}'")

        agent_id = d.pop("agentId")

        agent_name = d.pop("agentName")

        status = PlaceBrowserCallBrowserCallCallStatus(d.pop("status"))

        direction = PlaceBrowserCallBrowserCallCallDirection(d.pop("direction"))

        phone_number = d.pop("phoneNumber")

        contact_name = d.pop("contactName")

        attempt_number = d.pop("attemptNumber")

        def _parse_campaign_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        campaign_id = _parse_campaign_id(d.pop("campaignId"))

        def _parse_disposition(data: object) -> None | PlaceBrowserCallBrowserCallCallDispositionType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disposition_type_0 = PlaceBrowserCallBrowserCallCallDispositionType0(data)

                return disposition_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlaceBrowserCallBrowserCallCallDispositionType0, data)

        disposition = _parse_disposition(d.pop("disposition"))

        language = d.pop("language")

        external_ref = d.pop("externalRef")

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("startedAt"))

        def _parse_ended_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_at_type_0 = datetime.datetime.fromisoformat(data)

                return ended_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        ended_at = _parse_ended_at(d.pop("endedAt"))

        def _parse_duration_seconds(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_seconds = _parse_duration_seconds(d.pop("durationSeconds"))

        def _parse_charged_minutes(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        charged_minutes = _parse_charged_minutes(d.pop("chargedMinutes"))

        def _parse_ended_reason(data: object) -> None | PlaceBrowserCallBrowserCallCallEndedReasonType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_reason_type_0 = PlaceBrowserCallBrowserCallCallEndedReasonType0(data)

                return ended_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlaceBrowserCallBrowserCallCallEndedReasonType0, data)

        ended_reason = _parse_ended_reason(d.pop("endedReason"))

        def _parse_answered_by(data: object) -> None | PlaceBrowserCallBrowserCallCallAnsweredByType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                answered_by_type_0 = PlaceBrowserCallBrowserCallCallAnsweredByType0(data)

                return answered_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PlaceBrowserCallBrowserCallCallAnsweredByType0, data)

        answered_by = _parse_answered_by(d.pop("answeredBy"))

        def _parse_answered_by_after_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        answered_by_after_ms = _parse_answered_by_after_ms(d.pop("answeredByAfterMs"))

        def _parse_report_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        report_id = _parse_report_id(d.pop("reportId"))

        recording_available = d.pop("recordingAvailable")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        place_browser_call_browser_call_call = cls(
            id=id,
            object_=object_,
            agent_id=agent_id,
            agent_name=agent_name,
            status=status,
            direction=direction,
            phone_number=phone_number,
            contact_name=contact_name,
            attempt_number=attempt_number,
            campaign_id=campaign_id,
            disposition=disposition,
            language=language,
            external_ref=external_ref,
            started_at=started_at,
            ended_at=ended_at,
            duration_seconds=duration_seconds,
            charged_minutes=charged_minutes,
            ended_reason=ended_reason,
            answered_by=answered_by,
            answered_by_after_ms=answered_by_after_ms,
            report_id=report_id,
            recording_available=recording_available,
            created_at=created_at,
        )

        place_browser_call_browser_call_call.additional_properties = d
        return place_browser_call_browser_call_call

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
