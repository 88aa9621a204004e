from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.update_agent_agent_update_providers_llm import UpdateAgentAgentUpdateProvidersLlm
from ..models.update_agent_agent_update_providers_stt import UpdateAgentAgentUpdateProvidersStt
from ..models.update_agent_agent_update_providers_tts import UpdateAgentAgentUpdateProvidersTts
from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdateAgentAgentUpdateProviders")


@_attrs_define
class UpdateAgentAgentUpdateProviders:
    """Overrides of the server defaults; omitted kinds use the server configuration.

    Attributes:
        llm (UpdateAgentAgentUpdateProvidersLlm | Unset): Voice LLM vendor.
        stt (UpdateAgentAgentUpdateProvidersStt | Unset): Speech-to-text vendor, or `local` (the offline Whisper tiny.en
            engine of this server, English only).
        tts (UpdateAgentAgentUpdateProvidersTts | Unset): Text-to-speech vendor, or `local` (the offline Piper voice of
            this server, English only).
    """

    llm: UpdateAgentAgentUpdateProvidersLlm | Unset = UNSET
    stt: UpdateAgentAgentUpdateProvidersStt | Unset = UNSET
    tts: UpdateAgentAgentUpdateProvidersTts | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        llm: str | Unset = UNSET
        if not isinstance(self.llm, Unset):
            llm = self.llm.value

        stt: str | Unset = UNSET
        if not isinstance(self.stt, Unset):
            stt = self.stt.value

        tts: str | Unset = UNSET
        if not isinstance(self.tts, Unset):
            tts = self.tts.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if llm is not UNSET:
            field_dict["llm"] = llm
        if stt is not UNSET:
            field_dict["stt"] = stt
        if tts is not UNSET:
            field_dict["tts"] = tts

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _llm = d.pop("llm", UNSET)
        llm: UpdateAgentAgentUpdateProvidersLlm | Unset
        if isinstance(_llm, Unset):
            llm = UNSET
        else:
            llm = UpdateAgentAgentUpdateProvidersLlm(_llm)

        _stt = d.pop("stt", UNSET)
        stt: UpdateAgentAgentUpdateProvidersStt | Unset
        if isinstance(_stt, Unset):
            stt = UNSET
        else:
            stt = UpdateAgentAgentUpdateProvidersStt(_stt)

        _tts = d.pop("tts", UNSET)
        tts: UpdateAgentAgentUpdateProvidersTts | Unset
        if isinstance(_tts, Unset):
            tts = UNSET
        else:
            tts = UpdateAgentAgentUpdateProvidersTts(_tts)

        update_agent_agent_update_providers = cls(
            llm=llm,
            stt=stt,
            tts=tts,
        )

        return update_agent_agent_update_providers
