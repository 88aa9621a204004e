from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_agent_agent_phone_direction import CreateAgentAgentPhoneDirection
from ..models.create_agent_agent_phone_voicemail_behavior import CreateAgentAgentPhoneVoicemailBehavior

T = TypeVar("T", bound="CreateAgentAgentPhone")


@_attrs_define
class CreateAgentAgentPhone:
    """Present on phone agents only, with every default filled.

    Attributes:
        direction (CreateAgentAgentPhoneDirection):
        greeting (str): First sentence the agent says when the callee answers.
        fallback (str): What the agent says when it cannot help.
        voicemail_behavior (CreateAgentAgentPhoneVoicemailBehavior):
        machine_detection (bool): Our own answering-machine detection on outbound calls whose audio runs through our
            speech pipeline (Media Streams, the simulated audio line; not `TWILIO_SPEECH=relay`). Default false. When on,
            the agent listens to the first seconds before its greeting and decides who answered (the call’s `answeredBy`): a
            person hears the greeting, after the `Hello?` they said; a voicemail greeting is handled per `voicemailBehavior`
            (`leave_message`: the agent waits for the beep, or for the greeting’s end when there is none, says the
            `greeting` as its message and hangs up); a phone menu is hung up on (disposition `no_answer`; the agent does not
            navigate it); a call-screening assistant hears once who is calling and why (`displayName` or `name`, the
            organization’s name and the agent’s `description`), and the person who then picks up hears the greeting. A
            person who answers and says nothing is taken as a person after 3.5 s. Accuracy and time to decision:
            docs/voice.md.
        max_attempts (int): Default 1. Stored and returned as the contract defines it, and used by nothing: a call
            placed with `POST /calls` is one attempt, and a campaign retries by its own `settings.retryLimit` (default 3),
            not by its agent’s.
        retry_delay_minutes (int): Default 60. Stored and returned, and used by nothing: a campaign waits its own
            `settings.retryDelayMinutes` between attempts.
        required_contact_fields (list[str]): Fields the agent must collect from the callee.
        outcome_labels (list[str]): Outcomes the report may assign to a call.
        record_calls (bool): Record this agent’s calls (both sides, as a stereo WAV served by `GET
            /calls/{id}/recording`). Default false. Recording a phone call is regulated: you are responsible for telling the
            people called that they are recorded (e.g. in the `greeting`) and for obtaining consent where the law requires
            it, including two-party (all-party) consent jurisdictions. Recordings are deleted after the organization’s
            retention period.
    """

    direction: CreateAgentAgentPhoneDirection
    greeting: str
    fallback: str
    voicemail_behavior: CreateAgentAgentPhoneVoicemailBehavior
    machine_detection: bool
    max_attempts: int
    retry_delay_minutes: int
    required_contact_fields: list[str]
    outcome_labels: list[str]
    record_calls: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        direction = self.direction.value

        greeting = self.greeting

        fallback = self.fallback

        voicemail_behavior = self.voicemail_behavior.value

        machine_detection = self.machine_detection

        max_attempts = self.max_attempts

        retry_delay_minutes = self.retry_delay_minutes

        required_contact_fields = self.required_contact_fields

        outcome_labels = self.outcome_labels

        record_calls = self.record_calls

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "direction": direction,
                "greeting": greeting,
                "fallback": fallback,
                "voicemailBehavior": voicemail_behavior,
                "machineDetection": machine_detection,
                "maxAttempts": max_attempts,
                "retryDelayMinutes": retry_delay_minutes,
                "requiredContactFields": required_contact_fields,
                "outcomeLabels": outcome_labels,
                "recordCalls": record_calls,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        direction = CreateAgentAgentPhoneDirection(d.pop("direction"))

        greeting = d.pop("greeting")

        fallback = d.pop("fallback")

        voicemail_behavior = CreateAgentAgentPhoneVoicemailBehavior(d.pop("voicemailBehavior"))

        machine_detection = d.pop("machineDetection")

        max_attempts = d.pop("maxAttempts")

        retry_delay_minutes = d.pop("retryDelayMinutes")

        required_contact_fields = cast(list[str], d.pop("requiredContactFields"))

        outcome_labels = cast(list[str], d.pop("outcomeLabels"))

        record_calls = d.pop("recordCalls")

        create_agent_agent_phone = cls(
            direction=direction,
            greeting=greeting,
            fallback=fallback,
            voicemail_behavior=voicemail_behavior,
            machine_detection=machine_detection,
            max_attempts=max_attempts,
            retry_delay_minutes=retry_delay_minutes,
            required_contact_fields=required_contact_fields,
            outcome_labels=outcome_labels,
            record_calls=record_calls,
        )

        create_agent_agent_phone.additional_properties = d
        return create_agent_agent_phone

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
