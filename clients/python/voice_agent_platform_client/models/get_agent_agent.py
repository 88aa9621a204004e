from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.get_agent_agent_mode import GetAgentAgentMode
from ..models.get_agent_agent_type import GetAgentAgentType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.get_agent_agent_phone import GetAgentAgentPhone
    from ..models.get_agent_agent_providers import GetAgentAgentProviders
    from ..models.get_agent_agent_tool_callback import GetAgentAgentToolCallback
    from ..models.get_agent_agent_tool_end_call import GetAgentAgentToolEndCall
    from ..models.get_agent_agent_tool_http import GetAgentAgentToolHttp
    from ..models.get_agent_agent_tool_keypad import GetAgentAgentToolKeypad
    from ..models.get_agent_agent_tool_transfer import GetAgentAgentToolTransfer
    from ..models.get_agent_agent_turn_taking import GetAgentAgentTurnTaking
    from ..models.get_agent_agent_voice import GetAgentAgentVoice


T = TypeVar("T", bound="GetAgentAgent")


@_attrs_define
class GetAgentAgent:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['agent']):
        type_ (GetAgentAgentType):
        name (str):
        description (str):
        display_name (str): The name candidates see on the interview page; empty: they see `name`.
        language (str):
        sector (str):
        max_duration_minutes (int):
        instructions (str):
        variables (list[str]): The `{{placeholders}}` found in `instructions`, which calls must fill.
        providers (GetAgentAgentProviders): What the agent will actually use: its overrides, else the server defaults
            (`simulated` or `local` when no vendor is configured).
        tools (list[GetAgentAgentToolCallback | GetAgentAgentToolEndCall | GetAgentAgentToolHttp |
            GetAgentAgentToolKeypad | GetAgentAgentToolTransfer]): What the agent can do while it talks, every default
            filled.
        turn_taking (GetAgentAgentTurnTaking): The agent’s settings over its type’s defaults; `interruptMs` and
            `backchannels` are absent where the server’s apply.
        sessions_count (int): Calls or interviews run with this agent.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
        mode (GetAgentAgentMode | Unset): Present on voice agents only.
        phone (GetAgentAgentPhone | Unset): Present on phone agents only, with every default filled.
        voice (GetAgentAgentVoice | Unset): Present on voice agents only, with every default filled.
    """

    id: str
    object_: Literal["agent"]
    type_: GetAgentAgentType
    name: str
    description: str
    display_name: str
    language: str
    sector: str
    max_duration_minutes: int
    instructions: str
    variables: list[str]
    providers: GetAgentAgentProviders
    tools: list[
        GetAgentAgentToolCallback
        | GetAgentAgentToolEndCall
        | GetAgentAgentToolHttp
        | GetAgentAgentToolKeypad
        | GetAgentAgentToolTransfer
    ]
    turn_taking: GetAgentAgentTurnTaking
    sessions_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    mode: GetAgentAgentMode | Unset = UNSET
    phone: GetAgentAgentPhone | Unset = UNSET
    voice: GetAgentAgentVoice | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.get_agent_agent_tool_end_call import GetAgentAgentToolEndCall  # noqa: PLC0415
        from ..models.get_agent_agent_tool_http import GetAgentAgentToolHttp  # noqa: PLC0415
        from ..models.get_agent_agent_tool_keypad import GetAgentAgentToolKeypad  # noqa: PLC0415
        from ..models.get_agent_agent_tool_transfer import GetAgentAgentToolTransfer  # noqa: PLC0415

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
            if isinstance(tools_item_data, GetAgentAgentToolHttp):
                tools_item = tools_item_data.to_dict()
            elif isinstance(tools_item_data, GetAgentAgentToolTransfer):
                tools_item = tools_item_data.to_dict()
            elif isinstance(tools_item_data, GetAgentAgentToolEndCall):
                tools_item = tools_item_data.to_dict()
            elif isinstance(tools_item_data, GetAgentAgentToolKeypad):
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
        from ..models.get_agent_agent_phone import GetAgentAgentPhone  # noqa: PLC0415
        from ..models.get_agent_agent_providers import GetAgentAgentProviders  # noqa: PLC0415
        from ..models.get_agent_agent_tool_callback import GetAgentAgentToolCallback  # noqa: PLC0415
        from ..models.get_agent_agent_tool_end_call import GetAgentAgentToolEndCall  # noqa: PLC0415
        from ..models.get_agent_agent_tool_http import GetAgentAgentToolHttp  # noqa: PLC0415
        from ..models.get_agent_agent_tool_keypad import GetAgentAgentToolKeypad  # noqa: PLC0415
        from ..models.get_agent_agent_tool_transfer import GetAgentAgentToolTransfer  # noqa: PLC0415
        from ..models.get_agent_agent_turn_taking import GetAgentAgentTurnTaking  # noqa: PLC0415
        from ..models.get_agent_agent_voice import GetAgentAgentVoice  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["agent"], d.pop("object"))
        if object_ != "agent":
            raise ValueError(f"object must match const 'agent', got '{object_}'")

        type_ = GetAgentAgentType(d.pop("type"))

        name = d.pop("name")

        description = d.pop("description")

        display_name = d.pop("displayName")

        language = d.pop("language")

        sector = d.pop("sector")

        max_duration_minutes = d.pop("maxDurationMinutes")

        instructions = d.pop("instructions")

        variables = cast(list[str], d.pop("variables"))

        providers = GetAgentAgentProviders.from_dict(d.pop("providers"))

        tools = []
        _tools = d.pop("tools")
        for tools_item_data in _tools:

            def _parse_tools_item(
                data: object,
            ) -> (
                GetAgentAgentToolCallback
                | GetAgentAgentToolEndCall
                | GetAgentAgentToolHttp
                | GetAgentAgentToolKeypad
                | GetAgentAgentToolTransfer
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_http = GetAgentAgentToolHttp.from_dict(data)

                    return tools_item_tool_http
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_transfer = GetAgentAgentToolTransfer.from_dict(data)

                    return tools_item_tool_transfer
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_end_call = GetAgentAgentToolEndCall.from_dict(data)

                    return tools_item_tool_end_call
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_keypad = GetAgentAgentToolKeypad.from_dict(data)

                    return tools_item_tool_keypad
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                tools_item_tool_callback = GetAgentAgentToolCallback.from_dict(data)

                return tools_item_tool_callback

            tools_item = _parse_tools_item(tools_item_data)

            tools.append(tools_item)

        turn_taking = GetAgentAgentTurnTaking.from_dict(d.pop("turnTaking"))

        sessions_count = d.pop("sessionsCount")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        _mode = d.pop("mode", UNSET)
        mode: GetAgentAgentMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = GetAgentAgentMode(_mode)

        _phone = d.pop("phone", UNSET)
        phone: GetAgentAgentPhone | Unset
        if isinstance(_phone, Unset):
            phone = UNSET
        else:
            phone = GetAgentAgentPhone.from_dict(_phone)

        _voice = d.pop("voice", UNSET)
        voice: GetAgentAgentVoice | Unset
        if isinstance(_voice, Unset):
            voice = UNSET
        else:
            voice = GetAgentAgentVoice.from_dict(_voice)

        get_agent_agent = cls(
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

        get_agent_agent.additional_properties = d
        return get_agent_agent

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
