from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_agent_agent_create_phone_direction import CreateAgentAgentCreatePhoneDirection
from ..models.create_agent_agent_create_phone_voicemail_behavior import CreateAgentAgentCreatePhoneVoicemailBehavior
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateAgentAgentCreatePhone")


@_attrs_define
class CreateAgentAgentCreatePhone:
    """Phone agents only.

    Attributes:
        direction (CreateAgentAgentCreatePhoneDirection | Unset):
        greeting (str | Unset): First sentence the agent says when the callee answers.
        fallback (str | Unset): What the agent says when it cannot help.
        voicemail_behavior (CreateAgentAgentCreatePhoneVoicemailBehavior | Unset):
        machine_detection (bool | Unset): Our own answering-machine detection on outbound calls whose audio runs through
            our speech pipeline (Media Streams, the simulated audio line; not `TWILIO_SPEECH=relay`). Default false. When
            on, the agent listens to the first seconds before its greeting and decides who answered (the call’s
            `answeredBy`): a person hears the greeting, after the `Hello?` they said; a voicemail greeting is handled per
            `voicemailBehavior` (`leave_message`: the agent waits for the beep, or for the greeting’s end when there is
            none, says the `greeting` as its message and hangs up); a phone menu is hung up on (disposition `no_answer`; the
            agent does not navigate it); a call-screening assistant hears once who is calling and why (`displayName` or
            `name`, the organization’s name and the agent’s `description`), and the person who then picks up hears the
            greeting. A person who answers and says nothing is taken as a person after 3.5 s. Accuracy and time to decision:
            docs/voice.md.
        max_attempts (int | Unset): Default 1. Stored and returned as the contract defines it, and used by nothing: a
            call placed with `POST /calls` is one attempt, and a campaign retries by its own `settings.retryLimit` (default
            3), not by its agent’s.
        retry_delay_minutes (int | Unset): Default 60. Stored and returned, and used by nothing: a campaign waits its
            own `settings.retryDelayMinutes` between attempts.
        required_contact_fields (list[str] | Unset): Fields the agent must collect from the callee.
        outcome_labels (list[str] | Unset): Outcomes the report may assign to a call.
        record_calls (bool | Unset): Record this agent’s calls (both sides, as a stereo WAV served by `GET
            /calls/{id}/recording`). Default false. Recording a phone call is regulated: you are responsible for telling the
            people called that they are recorded (e.g. in the `greeting`) and for obtaining consent where the law requires
            it, including two-party (all-party) consent jurisdictions. Recordings are deleted after the organization’s
            retention period.
    """

    direction: CreateAgentAgentCreatePhoneDirection | Unset = UNSET
    greeting: str | Unset = UNSET
    fallback: str | Unset = UNSET
    voicemail_behavior: CreateAgentAgentCreatePhoneVoicemailBehavior | Unset = UNSET
    machine_detection: bool | Unset = UNSET
    max_attempts: int | Unset = UNSET
    retry_delay_minutes: int | Unset = UNSET
    required_contact_fields: list[str] | Unset = UNSET
    outcome_labels: list[str] | Unset = UNSET
    record_calls: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        direction: str | Unset = UNSET
        if not isinstance(self.direction, Unset):
            direction = self.direction.value

        greeting = self.greeting

        fallback = self.fallback

        voicemail_behavior: str | Unset = UNSET
        if not isinstance(self.voicemail_behavior, Unset):
            voicemail_behavior = self.voicemail_behavior.value

        machine_detection = self.machine_detection

        max_attempts = self.max_attempts

        retry_delay_minutes = self.retry_delay_minutes

        required_contact_fields: list[str] | Unset = UNSET
        if not isinstance(self.required_contact_fields, Unset):
            required_contact_fields = self.required_contact_fields

        outcome_labels: list[str] | Unset = UNSET
        if not isinstance(self.outcome_labels, Unset):
            outcome_labels = self.outcome_labels

        record_calls = self.record_calls

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if direction is not UNSET:
            field_dict["direction"] = direction
        if greeting is not UNSET:
            field_dict["greeting"] = greeting
        if fallback is not UNSET:
            field_dict["fallback"] = fallback
        if voicemail_behavior is not UNSET:
            field_dict["voicemailBehavior"] = voicemail_behavior
        if machine_detection is not UNSET:
            field_dict["machineDetection"] = machine_detection
        if max_attempts is not UNSET:
            field_dict["maxAttempts"] = max_attempts
        if retry_delay_minutes is not UNSET:
            field_dict["retryDelayMinutes"] = retry_delay_minutes
        if required_contact_fields is not UNSET:
            field_dict["requiredContactFields"] = required_contact_fields
        if outcome_labels is not UNSET:
            field_dict["outcomeLabels"] = outcome_labels
        if record_calls is not UNSET:
            field_dict["recordCalls"] = record_calls

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _direction = d.pop("direction", UNSET)
        direction: CreateAgentAgentCreatePhoneDirection | Unset
        if isinstance(_direction, Unset):
            direction = UNSET
        else:
            direction = CreateAgentAgentCreatePhoneDirection(_direction)

        greeting = d.pop("greeting", UNSET)

        fallback = d.pop("fallback", UNSET)

        _voicemail_behavior = d.pop("voicemailBehavior", UNSET)
        voicemail_behavior: CreateAgentAgentCreatePhoneVoicemailBehavior | Unset
        if isinstance(_voicemail_behavior, Unset):
            voicemail_behavior = UNSET
        else:
            voicemail_behavior = CreateAgentAgentCreatePhoneVoicemailBehavior(_voicemail_behavior)

        machine_detection = d.pop("machineDetection", UNSET)

        max_attempts = d.pop("maxAttempts", UNSET)

        retry_delay_minutes = d.pop("retryDelayMinutes", UNSET)

        required_contact_fields = cast(list[str], d.pop("requiredContactFields", UNSET))

        outcome_labels = cast(list[str], d.pop("outcomeLabels", UNSET))

        record_calls = d.pop("recordCalls", UNSET)

        create_agent_agent_create_phone = cls(
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

        return create_agent_agent_create_phone
