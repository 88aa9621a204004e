from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetAgentAgentToolHttpParameters")


@_attrs_define
class GetAgentAgentToolHttpParameters:
    """The arguments as a JSON Schema object, in the subset Mistral, Gemini and Groq all accept: `type` (object, string,
    number, integer, boolean, array), `properties` (names of 1-64 letters, digits, `_` or `-`), `required`, `items`
    (arrays must have it), `enum` (of strings, on strings), `description`. At most 5 levels deep and 8 KiB as JSON.

    """

    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        get_agent_agent_tool_http_parameters = cls()

        get_agent_agent_tool_http_parameters.additional_properties = d
        return get_agent_agent_tool_http_parameters

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
