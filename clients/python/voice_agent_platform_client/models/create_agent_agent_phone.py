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
        max_attempts (int):
        retry_delay_minutes (int):
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
