from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_interview_interview_created_ended_reason_type_0 import (
    CreateInterviewInterviewCreatedEndedReasonType0,
)
from ..models.create_interview_interview_created_mode import CreateInterviewInterviewCreatedMode
from ..models.create_interview_interview_created_status import CreateInterviewInterviewCreatedStatus

T = TypeVar("T", bound="CreateInterviewInterviewCreated")


@_attrs_define
class CreateInterviewInterviewCreated:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['interview']):
        agent_id (str): 24-character hexadecimal id
        agent_name (str):
        status (CreateInterviewInterviewCreatedStatus):
        mode (CreateInterviewInterviewCreatedMode):
        candidate_name (str):
        candidate_email (str):
        external_ref (str):
        language (str):
        started_at (datetime.datetime | None): When the candidate started.
        ended_at (datetime.datetime | None):
        duration_seconds (int | None): From start to end; 0 when it never started.
        charged_minutes (float | None): Duration rounded up to the started minute, charged to credits unless the
            creating key is `byok`.
        ended_reason (CreateInterviewInterviewCreatedEndedReasonType0 | None): Why it ended: `candidate_ended`,
            `agent_ended` (the agent finished its questions), `candidate_silent` (in a voice session, no answer after the
            agent’s reprompt), `max_duration` (the agent’s `maxDurationMinutes` after the start), `operator_ended` (the
            `end` signal from the Temporal UI), `expired` (not started before `expiresAt`) or `agent_deleted` (its agent was
            deleted before the candidate started: the start was refused and the interview never started; rarely, a started
            interview whose turn found its agent gone). Null until `completed`.
        report_id (None | str): Assigned when a started interview ends; `GET /interviews/{id}/report` answers 202 until
            its analysis is ready (or 409 `REPORT_UNAVAILABLE` should its agent be deleted before the analysis). Stays null
            for an interview that never started.
        expires_at (datetime.datetime): ISO 8601 UTC timestamp
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        interview_url (str): The hosted link to send to the candidate, in this response only. Its `#` fragment is a
            capability for this one interview until `expiresAt`; it is never your API key and never reaches server logs.
    """

    id: str
    object_: Literal["interview"]
    agent_id: str
    agent_name: str
    status: CreateInterviewInterviewCreatedStatus
    mode: CreateInterviewInterviewCreatedMode
    candidate_name: str
    candidate_email: str
    external_ref: str
    language: str
    started_at: datetime.datetime | None
    ended_at: datetime.datetime | None
    duration_seconds: int | None
    charged_minutes: float | None
    ended_reason: CreateInterviewInterviewCreatedEndedReasonType0 | None
    report_id: None | str
    expires_at: datetime.datetime
    created_at: datetime.datetime
    interview_url: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_

        agent_id = self.agent_id

        agent_name = self.agent_name

        status = self.status.value

        mode = self.mode.value

        candidate_name = self.candidate_name

        candidate_email = self.candidate_email

        external_ref = self.external_ref

        language = self.language

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
        if isinstance(self.ended_reason, CreateInterviewInterviewCreatedEndedReasonType0):
            ended_reason = self.ended_reason.value
        else:
            ended_reason = self.ended_reason

        report_id: None | str
        report_id = self.report_id

        expires_at = self.expires_at.isoformat()

        created_at = self.created_at.isoformat()

        interview_url = self.interview_url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "object": object_,
                "agentId": agent_id,
                "agentName": agent_name,
                "status": status,
                "mode": mode,
                "candidateName": candidate_name,
                "candidateEmail": candidate_email,
                "externalRef": external_ref,
                "language": language,
                "startedAt": started_at,
                "endedAt": ended_at,
                "durationSeconds": duration_seconds,
                "chargedMinutes": charged_minutes,
                "endedReason": ended_reason,
                "reportId": report_id,
                "expiresAt": expires_at,
                "createdAt": created_at,
                "interviewUrl": interview_url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["interview"], d.pop("object"))
        if object_ != "interview":
            raise ValueError(f"object must match const 'interview', got '{object_}'")

        agent_id = d.pop("agentId")

        agent_name = d.pop("agentName")

        status = CreateInterviewInterviewCreatedStatus(d.pop("status"))

        mode = CreateInterviewInterviewCreatedMode(d.pop("mode"))

        candidate_name = d.pop("candidateName")

        candidate_email = d.pop("candidateEmail")

        external_ref = d.pop("externalRef")

        language = d.pop("language")

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

        def _parse_ended_reason(data: object) -> CreateInterviewInterviewCreatedEndedReasonType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ended_reason_type_0 = CreateInterviewInterviewCreatedEndedReasonType0(data)

                return ended_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateInterviewInterviewCreatedEndedReasonType0 | None, data)

        ended_reason = _parse_ended_reason(d.pop("endedReason"))

        def _parse_report_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        report_id = _parse_report_id(d.pop("reportId"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        interview_url = d.pop("interviewUrl")

        create_interview_interview_created = cls(
            id=id,
            object_=object_,
            agent_id=agent_id,
            agent_name=agent_name,
            status=status,
            mode=mode,
            candidate_name=candidate_name,
            candidate_email=candidate_email,
            external_ref=external_ref,
            language=language,
            started_at=started_at,
            ended_at=ended_at,
            duration_seconds=duration_seconds,
            charged_minutes=charged_minutes,
            ended_reason=ended_reason,
            report_id=report_id,
            expires_at=expires_at,
            created_at=created_at,
            interview_url=interview_url,
        )

        create_interview_interview_created.additional_properties = d
        return create_interview_interview_created

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
