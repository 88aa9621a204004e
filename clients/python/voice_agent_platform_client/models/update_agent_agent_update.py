from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.update_agent_agent_update_phone import UpdateAgentAgentUpdatePhone
    from ..models.update_agent_agent_update_providers import UpdateAgentAgentUpdateProviders
    from ..models.update_agent_agent_update_tool_callback import UpdateAgentAgentUpdateToolCallback
    from ..models.update_agent_agent_update_tool_end_call import UpdateAgentAgentUpdateToolEndCall
    from ..models.update_agent_agent_update_tool_http import UpdateAgentAgentUpdateToolHttp
    from ..models.update_agent_agent_update_tool_keypad import UpdateAgentAgentUpdateToolKeypad
    from ..models.update_agent_agent_update_tool_transfer import UpdateAgentAgentUpdateToolTransfer
    from ..models.update_agent_agent_update_turn_taking import UpdateAgentAgentUpdateTurnTaking
    from ..models.update_agent_agent_update_voice import UpdateAgentAgentUpdateVoice


T = TypeVar("T", bound="UpdateAgentAgentUpdate")


@_attrs_define
class UpdateAgentAgentUpdate:
    """Only supplied fields change; `phone`, `voice`, `turnTaking` and `providers` merge field by field.

    Attributes:
        name (str | Unset):
        description (str | Unset):
        display_name (str | Unset): The name candidates see on the interview page, e.g. `Acme Recruiting`; empty or
            absent: they see `name`.
        instructions (str | Unset):
        language (str | Unset): BCP 47 tag such as `en-US`, `fr` or `es-MX`. Default `en-US`.
        sector (str | Unset):
        max_duration_minutes (int | Unset):
        providers (UpdateAgentAgentUpdateProviders | Unset): Overrides of the server defaults; omitted kinds use the
            server configuration.
        tools (list[UpdateAgentAgentUpdateToolCallback | UpdateAgentAgentUpdateToolEndCall |
            UpdateAgentAgentUpdateToolHttp | UpdateAgentAgentUpdateToolKeypad | UpdateAgentAgentUpdateToolTransfer] |
            Unset): What the agent can do while it talks, at most 20. On update the list replaces the agent’s tools.
        phone (UpdateAgentAgentUpdatePhone | Unset): Phone agents only.
        voice (UpdateAgentAgentUpdateVoice | Unset): Voice agents only.
        turn_taking (UpdateAgentAgentUpdateTurnTaking | Unset): Who is speaking and when a turn ends (docs/voice.md);
            omitted fields keep their defaults.
        type_ (Any | Unset): Cannot be changed after creation.
        mode (Any | Unset): Cannot be changed after creation.
    """

    name: str | Unset = UNSET
    description: str | Unset = UNSET
    display_name: str | Unset = UNSET
    instructions: str | Unset = UNSET
    language: str | Unset = UNSET
    sector: str | Unset = UNSET
    max_duration_minutes: int | Unset = UNSET
    providers: UpdateAgentAgentUpdateProviders | Unset = UNSET
    tools: (
        list[
            UpdateAgentAgentUpdateToolCallback
            | UpdateAgentAgentUpdateToolEndCall
            | UpdateAgentAgentUpdateToolHttp
            | UpdateAgentAgentUpdateToolKeypad
            | UpdateAgentAgentUpdateToolTransfer
        ]
        | Unset
    ) = UNSET
    phone: UpdateAgentAgentUpdatePhone | Unset = UNSET
    voice: UpdateAgentAgentUpdateVoice | Unset = UNSET
    turn_taking: UpdateAgentAgentUpdateTurnTaking | Unset = UNSET
    type_: Any | Unset = UNSET
    mode: Any | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.update_agent_agent_update_tool_end_call import UpdateAgentAgentUpdateToolEndCall  # noqa: PLC0415
        from ..models.update_agent_agent_update_tool_http import UpdateAgentAgentUpdateToolHttp  # noqa: PLC0415
        from ..models.update_agent_agent_update_tool_keypad import UpdateAgentAgentUpdateToolKeypad  # noqa: PLC0415
        from ..models.update_agent_agent_update_tool_transfer import UpdateAgentAgentUpdateToolTransfer  # noqa: PLC0415

        name = self.name

        description = self.description

        display_name = self.display_name

        instructions = self.instructions

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
                if isinstance(tools_item_data, UpdateAgentAgentUpdateToolHttp):
                    tools_item = tools_item_data.to_dict()
                elif isinstance(tools_item_data, UpdateAgentAgentUpdateToolTransfer):
                    tools_item = tools_item_data.to_dict()
                elif isinstance(tools_item_data, UpdateAgentAgentUpdateToolEndCall):
                    tools_item = tools_item_data.to_dict()
                elif isinstance(tools_item_data, UpdateAgentAgentUpdateToolKeypad):
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

        type_ = self.type_

        mode = self.mode

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if display_name is not UNSET:
            field_dict["displayName"] = display_name
        if instructions is not UNSET:
            field_dict["instructions"] = instructions
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
        if type_ is not UNSET:
            field_dict["type"] = type_
        if mode is not UNSET:
            field_dict["mode"] = mode

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.update_agent_agent_update_phone import UpdateAgentAgentUpdatePhone  # noqa: PLC0415
        from ..models.update_agent_agent_update_providers import UpdateAgentAgentUpdateProviders  # noqa: PLC0415
        from ..models.update_agent_agent_update_tool_callback import UpdateAgentAgentUpdateToolCallback  # noqa: PLC0415
        from ..models.update_agent_agent_update_tool_end_call import UpdateAgentAgentUpdateToolEndCall  # noqa: PLC0415
        from ..models.update_agent_agent_update_tool_http import UpdateAgentAgentUpdateToolHttp  # noqa: PLC0415
        from ..models.update_agent_agent_update_tool_keypad import UpdateAgentAgentUpdateToolKeypad  # noqa: PLC0415
        from ..models.update_agent_agent_update_tool_transfer import UpdateAgentAgentUpdateToolTransfer  # noqa: PLC0415
        from ..models.update_agent_agent_update_turn_taking import UpdateAgentAgentUpdateTurnTaking  # noqa: PLC0415
        from ..models.update_agent_agent_update_voice import UpdateAgentAgentUpdateVoice  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        description = d.pop("description", UNSET)

        display_name = d.pop("displayName", UNSET)

        instructions = d.pop("instructions", UNSET)

        language = d.pop("language", UNSET)

        sector = d.pop("sector", UNSET)

        max_duration_minutes = d.pop("maxDurationMinutes", UNSET)

        _providers = d.pop("providers", UNSET)
        providers: UpdateAgentAgentUpdateProviders | Unset
        if isinstance(_providers, Unset):
            providers = UNSET
        else:
            providers = UpdateAgentAgentUpdateProviders.from_dict(_providers)

        _tools = d.pop("tools", UNSET)
        tools: (
            list[
                UpdateAgentAgentUpdateToolCallback
                | UpdateAgentAgentUpdateToolEndCall
                | UpdateAgentAgentUpdateToolHttp
                | UpdateAgentAgentUpdateToolKeypad
                | UpdateAgentAgentUpdateToolTransfer
            ]
            | Unset
        ) = UNSET
        if _tools is not UNSET:
            tools = []
            for tools_item_data in _tools:

                def _parse_tools_item(
                    data: object,
                ) -> (
                    UpdateAgentAgentUpdateToolCallback
                    | UpdateAgentAgentUpdateToolEndCall
                    | UpdateAgentAgentUpdateToolHttp
                    | UpdateAgentAgentUpdateToolKeypad
                    | UpdateAgentAgentUpdateToolTransfer
                ):
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        tools_item_tool_http = UpdateAgentAgentUpdateToolHttp.from_dict(data)

                        return tools_item_tool_http
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        tools_item_tool_transfer = UpdateAgentAgentUpdateToolTransfer.from_dict(data)

                        return tools_item_tool_transfer
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        tools_item_tool_end_call = UpdateAgentAgentUpdateToolEndCall.from_dict(data)

                        return tools_item_tool_end_call
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        tools_item_tool_keypad = UpdateAgentAgentUpdateToolKeypad.from_dict(data)

                        return tools_item_tool_keypad
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    tools_item_tool_callback = UpdateAgentAgentUpdateToolCallback.from_dict(data)

                    return tools_item_tool_callback

                tools_item = _parse_tools_item(tools_item_data)

                tools.append(tools_item)

        _phone = d.pop("phone", UNSET)
        phone: UpdateAgentAgentUpdatePhone | Unset
        if isinstance(_phone, Unset):
            phone = UNSET
        else:
            phone = UpdateAgentAgentUpdatePhone.from_dict(_phone)

        _voice = d.pop("voice", UNSET)
        voice: UpdateAgentAgentUpdateVoice | Unset
        if isinstance(_voice, Unset):
            voice = UNSET
        else:
            voice = UpdateAgentAgentUpdateVoice.from_dict(_voice)

        _turn_taking = d.pop("turnTaking", UNSET)
        turn_taking: UpdateAgentAgentUpdateTurnTaking | Unset
        if isinstance(_turn_taking, Unset):
            turn_taking = UNSET
        else:
            turn_taking = UpdateAgentAgentUpdateTurnTaking.from_dict(_turn_taking)

        type_ = d.pop("type", UNSET)

        mode = d.pop("mode", UNSET)

        update_agent_agent_update = cls(
            name=name,
            description=description,
            display_name=display_name,
            instructions=instructions,
            language=language,
            sector=sector,
            max_duration_minutes=max_duration_minutes,
            providers=providers,
            tools=tools,
            phone=phone,
            voice=voice,
            turn_taking=turn_taking,
            type_=type_,
            mode=mode,
        )

        return update_agent_agent_update
