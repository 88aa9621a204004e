from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.get_call_transcript_call_transcript_data_item_timings_end_of_turn import (
        GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurn,
    )
    from ..models.get_call_transcript_call_transcript_data_item_timings_interrupted import (
        GetCallTranscriptCallTranscriptDataItemTimingsInterrupted,
    )


T = TypeVar("T", bound="GetCallTranscriptCallTranscriptDataItemTimings")


@_attrs_define
class GetCallTranscriptCallTranscriptDataItemTimings:
    """How the turn was heard or produced, in milliseconds from the turn's start: for a contact's turn, when the voice
    activity detector heard their speech begin; for an agent's turn, when the contact's turn it answers was taken (or,
    for a line the agent says unprompted such as its greeting, when it began). Present on turns a media session ran
    (voice interviews, and calls whose audio runs through the platform); on ConversationRelay calls, where Twilio hears
    and speaks, an agent turn that the model produced carries `llmFirstTokenMs` alone, from when Twilio delivered the
    contact’s turn. Stages a turn never reached are absent.

        Attributes:
            end_of_turn (GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurn | Unset): Contact turns: how the end of the
                contact's turn was decided.
            stt_final_ms (int | Unset): Contact turns: when the speech-to-text's last final result of the turn came.
            taken_ms (int | Unset): Contact turns: when the turn was taken and the agent began its answer, the later of the
                final result and the end of turn.
            llm_first_token_ms (int | Unset): Agent turns: the language model's first token.
            tts_first_byte_ms (int | Unset): Agent turns: the text-to-speech's first audio.
            first_audio_ms (int | Unset): Agent turns: the first frame of the agent's audio sent to the contact.
            interrupted (GetCallTranscriptCallTranscriptDataItemTimingsInterrupted | Unset): Agent turns the contact
                interrupted.
    """

    end_of_turn: GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurn | Unset = UNSET
    stt_final_ms: int | Unset = UNSET
    taken_ms: int | Unset = UNSET
    llm_first_token_ms: int | Unset = UNSET
    tts_first_byte_ms: int | Unset = UNSET
    first_audio_ms: int | Unset = UNSET
    interrupted: GetCallTranscriptCallTranscriptDataItemTimingsInterrupted | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        end_of_turn: dict[str, Any] | Unset = UNSET
        if not isinstance(self.end_of_turn, Unset):
            end_of_turn = self.end_of_turn.to_dict()

        stt_final_ms = self.stt_final_ms

        taken_ms = self.taken_ms

        llm_first_token_ms = self.llm_first_token_ms

        tts_first_byte_ms = self.tts_first_byte_ms

        first_audio_ms = self.first_audio_ms

        interrupted: dict[str, Any] | Unset = UNSET
        if not isinstance(self.interrupted, Unset):
            interrupted = self.interrupted.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if end_of_turn is not UNSET:
            field_dict["endOfTurn"] = end_of_turn
        if stt_final_ms is not UNSET:
            field_dict["sttFinalMs"] = stt_final_ms
        if taken_ms is not UNSET:
            field_dict["takenMs"] = taken_ms
        if llm_first_token_ms is not UNSET:
            field_dict["llmFirstTokenMs"] = llm_first_token_ms
        if tts_first_byte_ms is not UNSET:
            field_dict["ttsFirstByteMs"] = tts_first_byte_ms
        if first_audio_ms is not UNSET:
            field_dict["firstAudioMs"] = first_audio_ms
        if interrupted is not UNSET:
            field_dict["interrupted"] = interrupted

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_call_transcript_call_transcript_data_item_timings_end_of_turn import (
            GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurn,  # noqa: PLC0415
        )
        from ..models.get_call_transcript_call_transcript_data_item_timings_interrupted import (
            GetCallTranscriptCallTranscriptDataItemTimingsInterrupted,  # noqa: PLC0415
        )

        d = dict(src_dict)
        _end_of_turn = d.pop("endOfTurn", UNSET)
        end_of_turn: GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurn | Unset
        if isinstance(_end_of_turn, Unset):
            end_of_turn = UNSET
        else:
            end_of_turn = GetCallTranscriptCallTranscriptDataItemTimingsEndOfTurn.from_dict(_end_of_turn)

        stt_final_ms = d.pop("sttFinalMs", UNSET)

        taken_ms = d.pop("takenMs", UNSET)

        llm_first_token_ms = d.pop("llmFirstTokenMs", UNSET)

        tts_first_byte_ms = d.pop("ttsFirstByteMs", UNSET)

        first_audio_ms = d.pop("firstAudioMs", UNSET)

        _interrupted = d.pop("interrupted", UNSET)
        interrupted: GetCallTranscriptCallTranscriptDataItemTimingsInterrupted | Unset
        if isinstance(_interrupted, Unset):
            interrupted = UNSET
        else:
            interrupted = GetCallTranscriptCallTranscriptDataItemTimingsInterrupted.from_dict(_interrupted)

        get_call_transcript_call_transcript_data_item_timings = cls(
            end_of_turn=end_of_turn,
            stt_final_ms=stt_final_ms,
            taken_ms=taken_ms,
            llm_first_token_ms=llm_first_token_ms,
            tts_first_byte_ms=tts_first_byte_ms,
            first_audio_ms=first_audio_ms,
            interrupted=interrupted,
        )

        get_call_transcript_call_transcript_data_item_timings.additional_properties = d
        return get_call_transcript_call_transcript_data_item_timings

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
