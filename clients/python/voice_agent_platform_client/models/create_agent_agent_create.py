from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_agent_agent_create_mode import CreateAgentAgentCreateMode
from ..models.create_agent_agent_create_type import CreateAgentAgentCreateType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_agent_agent_create_phone import CreateAgentAgentCreatePhone
    from ..models.create_agent_agent_create_providers import CreateAgentAgentCreateProviders
    from ..models.create_agent_agent_create_tool_callback import CreateAgentAgentCreateToolCallback
    from ..models.create_agent_agent_create_tool_end_call import CreateAgentAgentCreateToolEndCall
    from ..models.create_agent_agent_create_tool_http import CreateAgentAgentCreateToolHttp
    from ..models.create_agent_agent_create_tool_keypad import CreateAgentAgentCreateToolKeypad
    from ..models.create_agent_agent_create_tool_transfer import CreateAgentAgentCreateToolTransfer
    from ..models.create_agent_agent_create_turn_taking import CreateAgentAgentCreateTurnTaking
    from ..models.create_agent_agent_create_voice import CreateAgentAgentCreateVoice


T = TypeVar("T", bound="CreateAgentAgentCreate")


@_attrs_define
class CreateAgentAgentCreate:
    """
    Attributes:
        name (str): Unique in the organization, ignoring case.
        instructions (str): System prompt. `{{name}}` placeholders must be filled by the `variables` of each call.
        type_ (CreateAgentAgentCreateType | Unset): Default `phone`.
        description (str | Unset):
        display_name (str | Unset): The name candidates see on the interview page, e.g. `Acme Recruiting`; empty or
            absent: they see `name`.
        mode (CreateAgentAgentCreateMode | Unset): Voice agents only; default `interview`.
        language (str | Unset): BCP 47 tag such as `en-US`, `fr` or `es-MX`. Default `en-US`.
        sector (str | Unset):
        max_duration_minutes (int | Unset): Default 15.
        providers (CreateAgentAgentCreateProviders | Unset): Overrides of the server defaults; omitted kinds use the
            server configuration.
        tools (list[CreateAgentAgentCreateToolCallback | CreateAgentAgentCreateToolEndCall |
            CreateAgentAgentCreateToolHttp | CreateAgentAgentCreateToolKeypad | CreateAgentAgentCreateToolTransfer] |
            Unset): What the agent can do while it talks, at most 20. On update the list replaces the agent’s tools.
        phone (CreateAgentAgentCreatePhone | Unset): Phone agents only.
        voice (CreateAgentAgentCreateVoice | Unset): Voice agents only.
        turn_taking (CreateAgentAgentCreateTurnTaking | Unset): Who is speaking and when a turn ends (docs/voice.md);
            omitted fields keep their defaults.
    """

    name: str
    instructions: str
    type_: CreateAgentAgentCreateType | Unset = UNSET
    description: str | Unset = UNSET
    display_name: str | Unset = UNSET
    mode: CreateAgentAgentCreateMode | Unset = UNSET
    language: str | Unset = UNSET
    sector: str | Unset = UNSET
    max_duration_minutes: int | Unset = UNSET
    providers: CreateAgentAgentCreateProviders | Unset = UNSET
    tools: (
        list[
            CreateAgentAgentCreateToolCallback
            | CreateAgentAgentCreateToolEndCall
            | CreateAgentAgentCreateToolHttp
            | CreateAgentAgentCreateToolKeypad
            | CreateAgentAgentCreateToolTransfer
        ]
        | Unset
    ) = UNSET
    phone: CreateAgentAgentCreatePhone | Unset = UNSET
    voice: CreateAgentAgentCreateVoice | Unset = UNSET
    turn_taking: CreateAgentAgentCreateTurnTaking | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_agent_agent_create_tool_end_call import CreateAgentAgentCreateToolEndCall  # noqa: PLC0415
        from ..models.create_agent_agent_create_tool_http import CreateAgentAgentCreateToolHttp  # noqa: PLC0415
        from ..models.create_agent_agent_create_tool_keypad import CreateAgentAgentCreateToolKeypad  # noqa: PLC0415
        from ..models.create_agent_agent_create_tool_transfer import CreateAgentAgentCreateToolTransfer  # noqa: PLC0415

        name = self.name

        instructions = self.instructions

        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value

        description = self.description

        display_name = self.display_name

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        language = self.language

        sector = self.sector

        max_duration_minutes = self.max_duration_minutes

        providers: dict[str, Any] | Unset = UNSET
        if not isinstance(self.providers, Unset):
            providers = self.providers.to_dict()

        tools: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.tools, Unset):
            tools = []
            for tools_item_data in self.tools:
                tools_item: dict[str, Any]
                if isinstance(tools_item_data, CreateAgentAgentCreateToolHttp):
                    tools_item = tools_item_data.to_dict()
                elif isinstance(tools_item_data, CreateAgentAgentCreateToolTransfer):
                    tools_item = tools_item_data.to_dict()
                elif isinstance(tools_item_data, CreateAgentAgentCreateToolEndCall):
                    tools_item = tools_item_data.to_dict()
                elif isinstance(tools_item_data, CreateAgentAgentCreateToolKeypad):
                    tools_item = tools_item_data.to_dict()
                else:
                    tools_item = tools_item_data.to_dict()

                tools.append(tools_item)

        phone: dict[str, Any] | Unset = UNSET
        if not isinstance(self.phone, Unset):
            phone = self.phone.to_dict()

        voice: dict[str, Any] | Unset = UNSET
        if not isinstance(self.voice, Unset):
            voice = self.voice.to_dict()

        turn_taking: dict[str, Any] | Unset = UNSET
        if not isinstance(self.turn_taking, Unset):
            turn_taking = self.turn_taking.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "instructions": instructions,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if description is not UNSET:
            field_dict["description"] = description
        if display_name is not UNSET:
            field_dict["displayName"] = display_name
        if mode is not UNSET:
            field_dict["mode"] = mode
        if language is not UNSET:
            field_dict["language"] = language
        if sector is not UNSET:
            field_dict["sector"] = sector
        if max_duration_minutes is not UNSET:
            field_dict["maxDurationMinutes"] = max_duration_minutes
        if providers is not UNSET:
            field_dict["providers"] = providers
        if tools is not UNSET:
            field_dict["tools"] = tools
        if phone is not UNSET:
            field_dict["phone"] = phone
        if voice is not UNSET:
            field_dict["voice"] = voice
        if turn_taking is not UNSET:
            field_dict["turnTaking"] = turn_taking

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_agent_agent_create_phone import CreateAgentAgentCreatePhone  # noqa: PLC0415
        from ..models.create_agent_agent_create_providers import CreateAgentAgentCreateProviders  # noqa: PLC0415
        from ..models.create_agent_agent_create_tool_callback import CreateAgentAgentCreateToolCallback  # noqa: PLC0415
        from ..models.create_agent_agent_create_tool_end_call import CreateAgentAgentCreateToolEndCall  # noqa: PLC0415
        from ..models.create_agent_agent_create_tool_http import CreateAgentAgentCreateToolHttp  # noqa: PLC0415
        from ..models.create_agent_agent_create_tool_keypad import CreateAgentAgentCreateToolKeypad  # noqa: PLC0415
        from ..models.create_agent_agent_create_tool_transfer import CreateAgentAgentCreateToolTransfer  # noqa: PLC0415
        from ..models.create_agent_agent_create_turn_taking import CreateAgentAgentCreateTurnTaking  # noqa: PLC0415
        from ..models.create_agent_agent_create_voice import CreateAgentAgentCreateVoice  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        instructions = d.pop("instructions")

        _type_ = d.pop("type", UNSET)
        type_: CreateAgentAgentCreateType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = CreateAgentAgentCreateType(_type_)

        description = d.pop("description", UNSET)

        display_name = d.pop("displayName", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: CreateAgentAgentCreateMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = CreateAgentAgentCreateMode(_mode)

        language = d.pop("language", UNSET)

        sector = d.pop("sector", UNSET)

        max_duration_minutes = d.pop("maxDurationMinutes", UNSET)

        _providers = d.pop("providers", UNSET)
        providers: CreateAgentAgentCreateProviders | Unset
        if isinstance(_providers, Unset):
            providers = UNSET
        else:
            providers = CreateAgentAgentCreateProviders.from_dict(_providers)

        _tools = d.pop("tools", UNSET)
        tools: (
            list[
                CreateAgentAgentCreateToolCallback
                | CreateAgentAgentCreateToolEndCall
                | CreateAgentAgentCreateToolHttp
                | CreateAgentAgentCreateToolKeypad
                | CreateAgentAgentCreateToolTransfer
            ]
            | Unset
        ) = UNSET
        if _tools is not UNSET:
            tools = []
            for tools_item_data in _tools:

                def _parse_tools_item(
                    data: object,
                ) -> (
                    CreateAgentAgentCreateToolCallback
                    | CreateAgentAgentCreateToolEndCall
                    | CreateAgentAgentCreateToolHttp
                    | CreateAgentAgentCreateToolKeypad
                    | CreateAgentAgentCreateToolTransfer
                ):
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        tools_item_tool_http = CreateAgentAgentCreateToolHttp.from_dict(data)

                        return tools_item_tool_http
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        tools_item_tool_transfer = CreateAgentAgentCreateToolTransfer.from_dict(data)

                        return tools_item_tool_transfer
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        tools_item_tool_end_call = CreateAgentAgentCreateToolEndCall.from_dict(data)

                        return tools_item_tool_end_call
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        tools_item_tool_keypad = CreateAgentAgentCreateToolKeypad.from_dict(data)

                        return tools_item_tool_keypad
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_callback = CreateAgentAgentCreateToolCallback.from_dict(data)

                    return tools_item_tool_callback

                tools_item = _parse_tools_item(tools_item_data)

                tools.append(tools_item)

        _phone = d.pop("phone", UNSET)
        phone: CreateAgentAgentCreatePhone | Unset
        if isinstance(_phone, Unset):
            phone = UNSET
        else:
            phone = CreateAgentAgentCreatePhone.from_dict(_phone)

        _voice = d.pop("voice", UNSET)
        voice: CreateAgentAgentCreateVoice | Unset
        if isinstance(_voice, Unset):
            voice = UNSET
        else:
            voice = CreateAgentAgentCreateVoice.from_dict(_voice)

        _turn_taking = d.pop("turnTaking", UNSET)
        turn_taking: CreateAgentAgentCreateTurnTaking | Unset
        if isinstance(_turn_taking, Unset):
            turn_taking = UNSET
        else:
            turn_taking = CreateAgentAgentCreateTurnTaking.from_dict(_turn_taking)

        create_agent_agent_create = cls(
            name=name,
            instructions=instructions,
            type_=type_,
            description=description,
            display_name=display_name,
            mode=mode,
            language=language,
            sector=sector,
            max_duration_minutes=max_duration_minutes,
            providers=providers,
            tools=tools,
            phone=phone,
            voice=voice,
            turn_taking=turn_taking,
        )

        return create_agent_agent_create
