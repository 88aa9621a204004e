from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="GetAgentAgentTurnTaking")


@_attrs_define
class GetAgentAgentTurnTaking:
    """The agent’s settings over its type’s defaults; `interruptMs` and `backchannels` are absent where the server’s apply.

    Attributes:
        complete_threshold (float): The turn model’s probability that the contact finished, at or above which a pause
            ends their turn. Default 0.5 for phone agents, 0.7 for voice agents.
        max_wait_ms (int): The longest quiet the agent waits for a contact the turn model judged mid-sentence. Default
            1500 for phone agents, 3000 for voice agents.
        interrupt_words (int): Recognised words over the agent (other than backchannels) that interrupt it. Default 1
            for phone agents, 2 for voice agents.
        interrupt_ms (int | Unset): Speech over the agent this long interrupts it before any word is recognised.
            Default: the server’s VOICE_BARGE_IN_MS (800) for phone agents, 1200 for voice agents.
        backchannels (list[str] | Unset): Phrases that acknowledge the agent and never interrupt it, matched ignoring
            case, punctuation and spacing. Default: the server’s VOICE_BACKCHANNELS.
    """

    complete_threshold: float
    max_wait_ms: int
    interrupt_words: int
    interrupt_ms: int | Unset = UNSET
    backchannels: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        complete_threshold = self.complete_threshold

        max_wait_ms = self.max_wait_ms

        interrupt_words = self.interrupt_words

        interrupt_ms = self.interrupt_ms

        backchannels: list[str] | Unset = UNSET
        if not isinstance(self.backchannels, Unset):
            backchannels = self.backchannels

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "completeThreshold": complete_threshold,
                "maxWaitMs": max_wait_ms,
                "interruptWords": interrupt_words,
            }
        )
        if interrupt_ms is not UNSET:
            field_dict["interruptMs"] = interrupt_ms
        if backchannels is not UNSET:
            field_dict["backchannels"] = backchannels

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        complete_threshold = d.pop("completeThreshold")

        max_wait_ms = d.pop("maxWaitMs")

        interrupt_words = d.pop("interruptWords")

        interrupt_ms = d.pop("interruptMs", UNSET)

        backchannels = cast(list[str], d.pop("backchannels", UNSET))

        get_agent_agent_turn_taking = cls(
            complete_threshold=complete_threshold,
            max_wait_ms=max_wait_ms,
            interrupt_words=interrupt_words,
            interrupt_ms=interrupt_ms,
            backchannels=backchannels,
        )

        get_agent_agent_turn_taking.additional_properties = d
        return get_agent_agent_turn_taking

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
