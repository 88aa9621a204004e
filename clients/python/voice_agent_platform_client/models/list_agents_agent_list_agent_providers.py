from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ListAgentsAgentListAgentProviders")


@_attrs_define
class ListAgentsAgentListAgentProviders:
    """What the agent will actually use: its overrides, else the server defaults (`simulated` or `local` when no vendor is
    configured).

        Attributes:
            llm (str):
            stt (str):
            tts (str):
    """

    llm: str
    stt: str
    tts: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        llm = self.llm

        stt = self.stt

        tts = self.tts

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "llm": llm,
                "stt": stt,
                "tts": tts,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        llm = d.pop("llm")

        stt = d.pop("stt")

        tts = d.pop("tts")

        list_agents_agent_list_agent_providers = cls(
            llm=llm,
            stt=stt,
            tts=tts,
        )

        list_agents_agent_list_agent_providers.additional_properties = d
        return list_agents_agent_list_agent_providers

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
