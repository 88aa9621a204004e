from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.place_browser_call_browser_call_audio import PlaceBrowserCallBrowserCallAudio
    from ..models.place_browser_call_browser_call_call import PlaceBrowserCallBrowserCallCall


T = TypeVar("T", bound="PlaceBrowserCallBrowserCall")


@_attrs_define
class PlaceBrowserCallBrowserCall:
    """
    Attributes:
        object_ (Literal['browser_call']):
        call (PlaceBrowserCallBrowserCallCall):
        audio (PlaceBrowserCallBrowserCallAudio):
    """

    object_: Literal["browser_call"]
    call: PlaceBrowserCallBrowserCallCall
    audio: PlaceBrowserCallBrowserCallAudio
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        call = self.call.to_dict()

        audio = self.audio.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "call": call,
                "audio": audio,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.place_browser_call_browser_call_audio import PlaceBrowserCallBrowserCallAudio  # noqa: PLC0415
        from ..models.place_browser_call_browser_call_call import PlaceBrowserCallBrowserCallCall  # noqa: PLC0415

        d = dict(src_dict)
        object_ = cast(Literal["browser_call"], d.pop("object"))
        if object_ != "browser_call":
            raise ValueError(f"object must match const 'browser_call', got '{object_}'")

        call = PlaceBrowserCallBrowserCallCall.from_dict(d.pop("call"))

        audio = PlaceBrowserCallBrowserCallAudio.from_dict(d.pop("audio"))

        place_browser_call_browser_call = cls(
            object_=object_,
            call=call,
            audio=audio,
        )

        place_browser_call_browser_call.additional_properties = d
        return place_browser_call_browser_call

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
