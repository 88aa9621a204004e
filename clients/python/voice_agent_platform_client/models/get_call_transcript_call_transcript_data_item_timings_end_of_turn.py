from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_call_transcript_call_transcript_data_item_timings_end_of_turn_by import (
    GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurnBy,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurn")


@_attrs_define
class GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurn:
    """Contact turns: how the end of the contact's turn was decided.

    Attributes:
        by (GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurnBy): `vad`: the voice activity detector heard a pause
            and no turn model was run (every pause ends a turn); `turn_model`: the turn model judged the turn complete at a
            pause; `timeout`: the turn model judged it unfinished and the contact stayed quiet for the agent's
            `turnTaking.maxWaitMs`; `text`: nothing was waited for: the turn came as text (a keypad digit), or as a speech-
            to-text final of speech the voice activity detector did not take for a turn.
        waited_ms (int): From the voice activity detector's end of speech (its hangover of quiet after the last word) to
            the decision.
        at_ms (int): When the decision came.
        probability (float | Unset): The turn model's probability that the turn was complete, at the pause that ended
            it.
        inference_ms (int | Unset): How long the turn model took to decide.
    """

    by: GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurnBy
    waited_ms: int
    at_ms: int
    probability: float | Unset = UNSET
    inference_ms: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        by = self.by.value

        waited_ms = self.waited_ms

        at_ms = self.at_ms

        probability = self.probability

        inference_ms = self.inference_ms

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "by": by,
                "waitedMs": waited_ms,
                "atMs": at_ms,
            }
        )
        if probability is not UNSET:
            field_dict["probability"] = probability
        if inference_ms is not UNSET:
            field_dict["inferenceMs"] = inference_ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        by = GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurnBy(d.pop("by"))

        waited_ms = d.pop("waitedMs")

        at_ms = d.pop("atMs")

        probability = d.pop("probability", UNSET)

        inference_ms = d.pop("inferenceMs", UNSET)

        get_call_transcript_call_transcript_data_item_timings_end_of_turn = cls(
            by=by,
            waited_ms=waited_ms,
            at_ms=at_ms,
            probability=probability,
            inference_ms=inference_ms,
        )

        get_call_transcript_call_transcript_data_item_timings_end_of_turn.additional_properties = d
        return get_call_transcript_call_transcript_data_item_timings_end_of_turn

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
