from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.get_agent_agent_tool_http_parameters import GetAgentAgentToolHttpParameters


T = TypeVar("T", bound="GetAgentAgentToolHttp")


@_attrs_define
class GetAgentAgentToolHttp:
    """
    Attributes:
        type_ (Literal['http']):
        name (str): 1-64 letters, digits and `_`, unique among the agent’s tools; the model calls the tool by it.
        description (str): What the tool does and when to use it, for the model.
        parameters (GetAgentAgentToolHttpParameters): The arguments as a JSON Schema object, in the subset Mistral,
            Gemini and Groq all accept: `type` (object, string, number, integer, boolean, array), `properties` (names of
            1-64 letters, digits, `_` or `-`), `required`, `items` (arrays must have it), `enum` (of strings, on strings),
            `description`. At most 5 levels deep and 8 KiB as JSON.
        url (str): Where the service POSTs each call: `https` to a public host (a host that is or resolves to a private,
            loopback, link-local or metadata address is refused). A server with TOOLS_ALLOW_LOOPBACK (`npm run dev`) also
            takes `http` and `https` URLs on this machine.
        timeout_seconds (int): Default 10.
        async_ (bool): If the tool has not answered within a second, the agent says `waitMessage` meanwhile. Default
            false.
        wait_message (str | Unset): What the agent says while an `async` tool works; a short default when absent.
    """

    type_: Literal["http"]
    name: str
    description: str
    parameters: GetAgentAgentToolHttpParameters
    url: str
    timeout_seconds: int
    async_: bool
    wait_message: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        description = self.description

        parameters = self.parameters.to_dict()

        url = self.url

        timeout_seconds = self.timeout_seconds

        async_ = self.async_

        wait_message = self.wait_message

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
                "description": description,
                "parameters": parameters,
                "url": url,
                "timeoutSeconds": timeout_seconds,
                "async": async_,
            }
        )
        if wait_message is not UNSET:
            field_dict["waitMessage"] = wait_message

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_agent_agent_tool_http_parameters import GetAgentAgentToolHttpParameters  # noqa: PLC0415

        d = dict(src_dict)
        type_ = cast(Literal["http"], d.pop("type"))
        if type_ != "http":
            raise ValueError(f"type must match const 'http', got '{type_}'")

        name = d.pop("name")

        description = d.pop("description")

        parameters = GetAgentAgentToolHttpParameters.from_dict(d.pop("parameters"))

        url = d.pop("url")

        timeout_seconds = d.pop("timeoutSeconds")

        async_ = d.pop("async")

        wait_message = d.pop("waitMessage", UNSET)

        get_agent_agent_tool_http = cls(
            type_=type_,
            name=name,
            description=description,
            parameters=parameters,
            url=url,
            timeout_seconds=timeout_seconds,
            async_=async_,
            wait_message=wait_message,
        )

        return get_agent_agent_tool_http
