from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_agent_agent_create_providers_llm import CreateAgentAgentCreateProvidersLlm
from ..models.create_agent_agent_create_providers_stt import CreateAgentAgentCreateProvidersStt
from ..models.create_agent_agent_create_providers_tts import CreateAgentAgentCreateProvidersTts
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateAgentAgentCreateProviders")


@_attrs_define
class CreateAgentAgentCreateProviders:
    """Overrides of the server defaults; omitted kinds use the server configuration.

    Attributes:
        llm (CreateAgentAgentCreateProvidersLlm | Unset): Voice LLM vendor.
        stt (CreateAgentAgentCreateProvidersStt | Unset): Speech-to-text vendor, or `local` (the offline Whisper tiny.en
            engine of this server, English only).
        tts (CreateAgentAgentCreateProvidersTts | Unset): Text-to-speech vendor, or `local` (the offline Piper voice of
            this server, English only).
    """

    llm: CreateAgentAgentCreateProvidersLlm | Unset = UNSET
    stt: CreateAgentAgentCreateProvidersStt | Unset = UNSET
    tts: CreateAgentAgentCreateProvidersTts | Unset = UNSET

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
        llm: CreateAgentAgentCreateProvidersLlm | Unset
        if isinstance(_llm, Unset):
            llm = UNSET
        else:
            llm = CreateAgentAgentCreateProvidersLlm(_llm)

        _stt = d.pop("stt", UNSET)
        stt: CreateAgentAgentCreateProvidersStt | Unset
        if isinstance(_stt, Unset):
            stt = UNSET
        else:
            stt = CreateAgentAgentCreateProvidersStt(_stt)

        _tts = d.pop("tts", UNSET)
        tts: CreateAgentAgentCreateProvidersTts | Unset
        if isinstance(_tts, Unset):
            tts = UNSET
        else:
            tts = CreateAgentAgentCreateProvidersTts(_tts)

        create_agent_agent_create_providers = cls(
            llm=llm,
            stt=stt,
            tts=tts,
        )

        return create_agent_agent_create_providers
