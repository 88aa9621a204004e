from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlaceBrowserCallBrowserCallAudio")


@_attrs_define
class PlaceBrowserCallBrowserCallAudio:
    """
    Attributes:
        path (str): The call’s audio socket, on this host: `wss://` + host + path, unless `url` says otherwise.
        token (str): Opens the socket in its first message `{"type":"start","token"}`; good once, until `expiresAt`.
            Never put it in a URL.
        expires_at (datetime.datetime): ISO 8601 UTC timestamp
        url (str | Unset): The call’s audio socket’s full address when the media process has a host of its own
            (`MEDIA_PUBLIC_URL`); open it instead.
    """

    path: str
    token: str
    expires_at: datetime.datetime
    url: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        path = self.path

        token = self.token

        expires_at = self.expires_at.isoformat()

        url = self.url

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "path": path,
                "token": token,
                "expiresAt": expires_at,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        path = d.pop("path")

        token = d.pop("token")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        url = d.pop("url", UNSET)

        place_browser_call_browser_call_audio = cls(
            path=path,
            token=token,
            expires_at=expires_at,
            url=url,
        )

        place_browser_call_browser_call_audio.additional_properties = d
        return place_browser_call_browser_call_audio

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
