from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.list_agents_agent_list_agent_mode import ListAgentsAgentListAgentMode
from ..models.list_agents_agent_list_agent_type import ListAgentsAgentListAgentType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.list_agents_agent_list_agent_phone import ListAgentsAgentListAgentPhone
    from ..models.list_agents_agent_list_agent_providers import ListAgentsAgentListAgentProviders
    from ..models.list_agents_agent_list_agent_tool_callback import ListAgentsAgentListAgentToolCallback
    from ..models.list_agents_agent_list_agent_tool_end_call import ListAgentsAgentListAgentToolEndCall
    from ..models.list_agents_agent_list_agent_tool_http import ListAgentsAgentListAgentToolHttp
    from ..models.list_agents_agent_list_agent_tool_keypad import ListAgentsAgentListAgentToolKeypad
    from ..models.list_agents_agent_list_agent_tool_transfer import ListAgentsAgentListAgentToolTransfer
    from ..models.list_agents_agent_list_agent_turn_taking import ListAgentsAgentListAgentTurnTaking
    from ..models.list_agents_agent_list_agent_voice import ListAgentsAgentListAgentVoice


T = TypeVar("T", bound="ListAgentsAgentListAgent")


@_attrs_define
class ListAgentsAgentListAgent:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['agent']):
        type_ (ListAgentsAgentListAgentType):
        name (str):
        description (str):
        display_name (str): The name candidates see on the interview page; empty: they see `name`.
        language (str):
        sector (str):
        max_duration_minutes (int):
        instructions (str):
        variables (list[str]): The `{{placeholders}}` found in `instructions`, which calls must fill.
        providers (ListAgentsAgentListAgentProviders): What the agent will actually use: its overrides, else the server
            defaults (`simulated` or `local` when no vendor is configured).
        tools (list[ListAgentsAgentListAgentToolCallback | ListAgentsAgentListAgentToolEndCall |
            ListAgentsAgentListAgentToolHttp | ListAgentsAgentListAgentToolKeypad | ListAgentsAgentListAgentToolTransfer]):
            What the agent can do while it talks, every default filled.
        turn_taking (ListAgentsAgentListAgentTurnTaking): The agent’s settings over its type’s defaults; `interruptMs`
            and `backchannels` are absent where the server’s apply.
        sessions_count (int): Calls or interviews run with this agent.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
        mode (ListAgentsAgentListAgentMode | Unset): Present on voice agents only.
        phone (ListAgentsAgentListAgentPhone | Unset): Present on phone agents only, with every default filled.
        voice (ListAgentsAgentListAgentVoice | Unset): Present on voice agents only, with every default filled.
    """

    id: str
    object_: Literal["agent"]
    type_: ListAgentsAgentListAgentType
    name: str
    description: str
    display_name: str
    language: str
    sector: str
    max_duration_minutes: int
    instructions: str
    variables: list[str]
    providers: ListAgentsAgentListAgentProviders
    tools: list[
        ListAgentsAgentListAgentToolCallback
        | ListAgentsAgentListAgentToolEndCall
        | ListAgentsAgentListAgentToolHttp
        | ListAgentsAgentListAgentToolKeypad
        | ListAgentsAgentListAgentToolTransfer
    ]
    turn_taking: ListAgentsAgentListAgentTurnTaking
    sessions_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    mode: ListAgentsAgentListAgentMode | Unset = UNSET
    phone: ListAgentsAgentListAgentPhone | Unset = UNSET
    voice: ListAgentsAgentListAgentVoice | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.list_agents_agent_list_agent_tool_end_call import ListAgentsAgentListAgentToolEndCall  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_tool_http import ListAgentsAgentListAgentToolHttp  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_tool_keypad import ListAgentsAgentListAgentToolKeypad  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_tool_transfer import ListAgentsAgentListAgentToolTransfer  # noqa: PLC0415

        id = self.id

        object_ = self.object_

        type_ = self.type_.value

        name = self.name

        description = self.description

        display_name = self.display_name

        language = self.language

        sector = self.sector

        max_duration_minutes = self.max_duration_minutes

        instructions = self.instructions

        variables = self.variables

        providers = self.providers.to_dict()

        tools = []
        for tools_item_data in self.tools:
            tools_item: dict[str, Any]
            if isinstance(tools_item_data, ListAgentsAgentListAgentToolHttp):
                tools_item = tools_item_data.to_dict()
            elif isinstance(tools_item_data, ListAgentsAgentListAgentToolTransfer):
                tools_item = tools_item_data.to_dict()
            elif isinstance(tools_item_data, ListAgentsAgentListAgentToolEndCall):
                tools_item = tools_item_data.to_dict()
            elif isinstance(tools_item_data, ListAgentsAgentListAgentToolKeypad):
                tools_item = tools_item_data.to_dict()
            else:
                tools_item = tools_item_data.to_dict()

            tools.append(tools_item)

        turn_taking = self.turn_taking.to_dict()

        sessions_count = self.sessions_count

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        phone: dict[str, Any] | Unset = UNSET
        if not isinstance(self.phone, Unset):
            phone = self.phone.to_dict()

        voice: dict[str, Any] | Unset = UNSET
        if not isinstance(self.voice, Unset):
            voice = self.voice.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "object": object_,
                "type": type_,
                "name": name,
                "description": description,
                "displayName": display_name,
                "language": language,
                "sector": sector,
                "maxDurationMinutes": max_duration_minutes,
                "instructions": instructions,
                "variables": variables,
                "providers": providers,
                "tools": tools,
                "turnTaking": turn_taking,
                "sessionsCount": sessions_count,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode
        if phone is not UNSET:
            field_dict["phone"] = phone
        if voice is not UNSET:
            field_dict["voice"] = voice

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.list_agents_agent_list_agent_phone import ListAgentsAgentListAgentPhone  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_providers import ListAgentsAgentListAgentProviders  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_tool_callback import ListAgentsAgentListAgentToolCallback  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_tool_end_call import ListAgentsAgentListAgentToolEndCall  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_tool_http import ListAgentsAgentListAgentToolHttp  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_tool_keypad import ListAgentsAgentListAgentToolKeypad  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_tool_transfer import ListAgentsAgentListAgentToolTransfer  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_turn_taking import ListAgentsAgentListAgentTurnTaking  # noqa: PLC0415
        from ..models.list_agents_agent_list_agent_voice import ListAgentsAgentListAgentVoice  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["agent"], d.pop("object"))
        if object_ != "agent":
            raise ValueError(f"object must match const 'agent', got '{object_}'")

        type_ = ListAgentsAgentListAgentType(d.pop("type"))

        name = d.pop("name")

        description = d.pop("description")

        display_name = d.pop("displayName")

        language = d.pop("language")

        sector = d.pop("sector")

        max_duration_minutes = d.pop("maxDurationMinutes")

        instructions = d.pop("instructions")

        variables = cast(list[str], d.pop("variables"))

        providers = ListAgentsAgentListAgentProviders.from_dict(d.pop("providers"))

        tools = []
        _tools = d.pop("tools")
        for tools_item_data in _tools:

            def _parse_tools_item(
                data: object,
            ) -> (
                ListAgentsAgentListAgentToolCallback
                | ListAgentsAgentListAgentToolEndCall
                | ListAgentsAgentListAgentToolHttp
                | ListAgentsAgentListAgentToolKeypad
                | ListAgentsAgentListAgentToolTransfer
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_http = ListAgentsAgentListAgentToolHttp.from_dict(data)

                    return tools_item_tool_http
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_transfer = ListAgentsAgentListAgentToolTransfer.from_dict(data)

                    return tools_item_tool_transfer
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_end_call = ListAgentsAgentListAgentToolEndCall.from_dict(data)

                    return tools_item_tool_end_call
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_keypad = ListAgentsAgentListAgentToolKeypad.from_dict(data)

                    return tools_item_tool_keypad
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                tools_item_tool_callback = ListAgentsAgentListAgentToolCallback.from_dict(data)

                return tools_item_tool_callback

            tools_item = _parse_tools_item(tools_item_data)

            tools.append(tools_item)

        turn_taking = ListAgentsAgentListAgentTurnTaking.from_dict(d.pop("turnTaking"))

        sessions_count = d.pop("sessionsCount")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        _mode = d.pop("mode", UNSET)
        mode: ListAgentsAgentListAgentMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = ListAgentsAgentListAgentMode(_mode)

        _phone = d.pop("phone", UNSET)
        phone: ListAgentsAgentListAgentPhone | Unset
        if isinstance(_phone, Unset):
            phone = UNSET
        else:
            phone = ListAgentsAgentListAgentPhone.from_dict(_phone)

        _voice = d.pop("voice", UNSET)
        voice: ListAgentsAgentListAgentVoice | Unset
        if isinstance(_voice, Unset):
            voice = UNSET
        else:
            voice = ListAgentsAgentListAgentVoice.from_dict(_voice)

        list_agents_agent_list_agent = cls(
            id=id,
            object_=object_,
            type_=type_,
            name=name,
            description=description,
            display_name=display_name,
            language=language,
            sector=sector,
            max_duration_minutes=max_duration_minutes,
            instructions=instructions,
            variables=variables,
            providers=providers,
            tools=tools,
            turn_taking=turn_taking,
            sessions_count=sessions_count,
            created_at=created_at,
            updated_at=updated_at,
            mode=mode,
            phone=phone,
            voice=voice,
        )

        list_agents_agent_list_agent.additional_properties = d
        return list_agents_agent_list_agent

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
