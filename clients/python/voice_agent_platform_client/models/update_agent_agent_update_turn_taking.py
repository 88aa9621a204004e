from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateAgentAgentUpdateTurnTaking")


@_attrs_define
class UpdateAgentAgentUpdateTurnTaking:
    """Who is speaking and when a turn ends (docs/voice.md); omitted fields keep their defaults.

    Attributes:
        complete_threshold (float | Unset): The turn model’s probability that the contact finished, at or above which a
            pause ends their turn. Default 0.5 for phone agents, 0.7 for voice agents.
        max_wait_ms (int | Unset): The longest quiet the agent waits for a contact the turn model judged mid-sentence.
            Default 1500 for phone agents, 3000 for voice agents.
        interrupt_ms (int | Unset): Speech over the agent this long interrupts it before any word is recognised.
            Default: the server’s VOICE_BARGE_IN_MS (800) for phone agents, 1200 for voice agents.
        interrupt_words (int | Unset): Recognised words over the agent (other than backchannels) that interrupt it.
            Default 1 for phone agents, 2 for voice agents.
        backchannels (list[str] | Unset): Phrases that acknowledge the agent and never interrupt it, matched ignoring
            case, punctuation and spacing. Default: the server’s VOICE_BACKCHANNELS.
    """

    complete_threshold: float | Unset = UNSET
    max_wait_ms: int | Unset = UNSET
    interrupt_ms: int | Unset = UNSET
    interrupt_words: int | Unset = UNSET
    backchannels: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        complete_threshold = self.complete_threshold

        max_wait_ms = self.max_wait_ms

        interrupt_ms = self.interrupt_ms

        interrupt_words = self.interrupt_words

        backchannels: list[str] | Unset = UNSET
        if not isinstance(self.backchannels, Unset):
            backchannels = self.backchannels

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if complete_threshold is not UNSET:
            field_dict["completeThreshold"] = complete_threshold
        if max_wait_ms is not UNSET:
            field_dict["maxWaitMs"] = max_wait_ms
        if interrupt_ms is not UNSET:
            field_dict["interruptMs"] = interrupt_ms
        if interrupt_words is not UNSET:
            field_dict["interruptWords"] = interrupt_words
        if backchannels is not UNSET:
            field_dict["backchannels"] = backchannels

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        complete_threshold = d.pop("completeThreshold", UNSET)

        max_wait_ms = d.pop("maxWaitMs", UNSET)

        interrupt_ms = d.pop("interruptMs", UNSET)

        interrupt_words = d.pop("interruptWords", UNSET)

        backchannels = cast(list[str], d.pop("backchannels", UNSET))

        update_agent_agent_update_turn_taking = cls(
            complete_threshold=complete_threshold,
            max_wait_ms=max_wait_ms,
            interrupt_ms=interrupt_ms,
            interrupt_words=interrupt_words,
            backchannels=backchannels,
        )

        return update_agent_agent_update_turn_taking
