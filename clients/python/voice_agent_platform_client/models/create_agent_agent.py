from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_agent_agent_mode import CreateAgentAgentMode
from ..models.create_agent_agent_type import CreateAgentAgentType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_agent_agent_phone import CreateAgentAgentPhone
    from ..models.create_agent_agent_providers import CreateAgentAgentProviders
    from ..models.create_agent_agent_tool_callback import CreateAgentAgentToolCallback
    from ..models.create_agent_agent_tool_end_call import CreateAgentAgentToolEndCall
    from ..models.create_agent_agent_tool_http import CreateAgentAgentToolHttp
    from ..models.create_agent_agent_tool_keypad import CreateAgentAgentToolKeypad
    from ..models.create_agent_agent_tool_transfer import CreateAgentAgentToolTransfer
    from ..models.create_agent_agent_turn_taking import CreateAgentAgentTurnTaking
    from ..models.create_agent_agent_voice import CreateAgentAgentVoice


T = TypeVar("T", bound="CreateAgentAgent")


@_attrs_define
class CreateAgentAgent:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['agent']):
        type_ (CreateAgentAgentType):
        name (str):
        description (str):
        display_name (str): The name candidates see on the interview page; empty: they see `name`.
        language (str):
        sector (str):
        max_duration_minutes (int):
        instructions (str):
        variables (list[str]): The `{{placeholders}}` found in `instructions`, which calls must fill.
        providers (CreateAgentAgentProviders): What the agent will actually use: its overrides, else the server defaults
            (`simulated` or `local` when no vendor is configured).
        tools (list[CreateAgentAgentToolCallback | CreateAgentAgentToolEndCall | CreateAgentAgentToolHttp |
            CreateAgentAgentToolKeypad | CreateAgentAgentToolTransfer]): What the agent can do while it talks, every default
            filled.
        turn_taking (CreateAgentAgentTurnTaking): The agent’s settings over its type’s defaults; `interruptMs` and
            `backchannels` are absent where the server’s apply.
        sessions_count (int): Calls or interviews run with this agent.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
        mode (CreateAgentAgentMode | Unset): Present on voice agents only.
        phone (CreateAgentAgentPhone | Unset): Present on phone agents only, with every default filled.
        voice (CreateAgentAgentVoice | Unset): Present on voice agents only, with every default filled.
    """

    id: str
    object_: Literal["agent"]
    type_: CreateAgentAgentType
    name: str
    description: str
    display_name: str
    language: str
    sector: str
    max_duration_minutes: int
    instructions: str
    variables: list[str]
    providers: CreateAgentAgentProviders
    tools: list[
        CreateAgentAgentToolCallback
        | CreateAgentAgentToolEndCall
        | CreateAgentAgentToolHttp
        | CreateAgentAgentToolKeypad
        | CreateAgentAgentToolTransfer
    ]
    turn_taking: CreateAgentAgentTurnTaking
    sessions_count: int
    created_at: datetime.datetime
    updated_at: datetime.datetime
    mode: CreateAgentAgentMode | Unset = UNSET
    phone: CreateAgentAgentPhone | Unset = UNSET
    voice: CreateAgentAgentVoice | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_agent_agent_tool_end_call import CreateAgentAgentToolEndCall  # noqa: PLC0415
        from ..models.create_agent_agent_tool_http import CreateAgentAgentToolHttp  # noqa: PLC0415
        from ..models.create_agent_agent_tool_keypad import CreateAgentAgentToolKeypad  # noqa: PLC0415
        from ..models.create_agent_agent_tool_transfer import CreateAgentAgentToolTransfer  # noqa: PLC0415

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
            if isinstance(tools_item_data, CreateAgentAgentToolHttp):
                tools_item = tools_item_data.to_dict()
            elif isinstance(tools_item_data, CreateAgentAgentToolTransfer):
                tools_item = tools_item_data.to_dict()
            elif isinstance(tools_item_data, CreateAgentAgentToolEndCall):
                tools_item = tools_item_data.to_dict()
            elif isinstance(tools_item_data, CreateAgentAgentToolKeypad):
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
        from ..models.create_agent_agent_phone import CreateAgentAgentPhone  # noqa: PLC0415
        from ..models.create_agent_agent_providers import CreateAgentAgentProviders  # noqa: PLC0415
        from ..models.create_agent_agent_tool_callback import CreateAgentAgentToolCallback  # noqa: PLC0415
        from ..models.create_agent_agent_tool_end_call import CreateAgentAgentToolEndCall  # noqa: PLC0415
        from ..models.create_agent_agent_tool_http import CreateAgentAgentToolHttp  # noqa: PLC0415
        from ..models.create_agent_agent_tool_keypad import CreateAgentAgentToolKeypad  # noqa: PLC0415
        from ..models.create_agent_agent_tool_transfer import CreateAgentAgentToolTransfer  # noqa: PLC0415
        from ..models.create_agent_agent_turn_taking import CreateAgentAgentTurnTaking  # noqa: PLC0415
        from ..models.create_agent_agent_voice import CreateAgentAgentVoice  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["agent"], d.pop("object"))
        if object_ != "agent":
            raise ValueError(f"object must match const 'agent', got '{object_}'")

        type_ = CreateAgentAgentType(d.pop("type"))

        name = d.pop("name")

        description = d.pop("description")

        display_name = d.pop("displayName")

        language = d.pop("language")

        sector = d.pop("sector")

        max_duration_minutes = d.pop("maxDurationMinutes")

        instructions = d.pop("instructions")

        variables = cast(list[str], d.pop("variables"))

        providers = CreateAgentAgentProviders.from_dict(d.pop("providers"))

        tools = []
        _tools = d.pop("tools")
        for tools_item_data in _tools:

            def _parse_tools_item(
                data: object,
            ) -> (
                CreateAgentAgentToolCallback
                | CreateAgentAgentToolEndCall
                | CreateAgentAgentToolHttp
                | CreateAgentAgentToolKeypad
                | CreateAgentAgentToolTransfer
            ):
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_http = CreateAgentAgentToolHttp.from_dict(data)

                    return tools_item_tool_http
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_transfer = CreateAgentAgentToolTransfer.from_dict(data)

                    return tools_item_tool_transfer
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_end_call = CreateAgentAgentToolEndCall.from_dict(data)

                    return tools_item_tool_end_call
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_keypad = CreateAgentAgentToolKeypad.from_dict(data)

                    return tools_item_tool_keypad
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                tools_item_tool_callback = CreateAgentAgentToolCallback.from_dict(data)

                return tools_item_tool_callback

            tools_item = _parse_tools_item(tools_item_data)

            tools.append(tools_item)

        turn_taking = CreateAgentAgentTurnTaking.from_dict(d.pop("turnTaking"))

        sessions_count = d.pop("sessionsCount")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        _mode = d.pop("mode", UNSET)
        mode: CreateAgentAgentMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = CreateAgentAgentMode(_mode)

        _phone = d.pop("phone", UNSET)
        phone: CreateAgentAgentPhone | Unset
        if isinstance(_phone, Unset):
            phone = UNSET
        else:
            phone = CreateAgentAgentPhone.from_dict(_phone)

        _voice = d.pop("voice", UNSET)
        voice: CreateAgentAgentVoice | Unset
        if isinstance(_voice, Unset):
            voice = UNSET
        else:
            voice = CreateAgentAgentVoice.from_dict(_voice)

        create_agent_agent = cls(
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

        create_agent_agent.additional_properties = d
        return create_agent_agent

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
