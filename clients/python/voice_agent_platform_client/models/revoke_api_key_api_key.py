from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.revoke_api_key_api_key_mode import RevokeApiKeyApiKeyMode
from ..models.revoke_api_key_api_key_scopes_item import RevokeApiKeyApiKeyScopesItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="RevokeApiKeyApiKey")


@_attrs_define
class RevokeApiKeyApiKey:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['api_key']):
        name (str):
        mode (RevokeApiKeyApiKeyMode):
        last4 (str):
        scopes (list[RevokeApiKeyApiKeyScopesItem]):
        byok (bool):
        allowed_origins (list[str]):
        rate_limit_per_minute (int):
        expires_at (datetime.datetime | None):
        revoked_at (datetime.datetime | None):
        last_used_at (datetime.datetime | None): Updated at most once a minute.
        created_by (str): 24-character hexadecimal id
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        key (str | Unset): The plaintext key: only in the create response, never again.
    """

    id: str
    object_: Literal["api_key"]
    name: str
    mode: RevokeApiKeyApiKeyMode
    last4: str
    scopes: list[RevokeApiKeyApiKeyScopesItem]
    byok: bool
    allowed_origins: list[str]
    rate_limit_per_minute: int
    expires_at: datetime.datetime | None
    revoked_at: datetime.datetime | None
    last_used_at: datetime.datetime | None
    created_by: str
    created_at: datetime.datetime
    key: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_

        name = self.name

        mode = self.mode.value

        last4 = self.last4

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        byok = self.byok

        allowed_origins = self.allowed_origins

        rate_limit_per_minute = self.rate_limit_per_minute

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        created_by = self.created_by

        created_at = self.created_at.isoformat()

        key = self.key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "object": object_,
                "name": name,
                "mode": mode,
                "last4": last4,
                "scopes": scopes,
                "byok": byok,
                "allowedOrigins": allowed_origins,
                "rateLimitPerMinute": rate_limit_per_minute,
                "expiresAt": expires_at,
                "revokedAt": revoked_at,
                "lastUsedAt": last_used_at,
                "createdBy": created_by,
                "createdAt": created_at,
            }
        )
        if key is not UNSET:
            field_dict["key"] = key

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["api_key"], d.pop("object"))
        if object_ != "api_key":
            raise ValueError(f"object must match const 'api_key', got '{object_}'")

        name = d.pop("name")

        mode = RevokeApiKeyApiKeyMode(d.pop("mode"))

        last4 = d.pop("last4")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = RevokeApiKeyApiKeyScopesItem(scopes_item_data)

            scopes.append(scopes_item)

        byok = d.pop("byok")

        allowed_origins = cast(list[str], d.pop("allowedOrigins"))

        rate_limit_per_minute = d.pop("rateLimitPerMinute")

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revokedAt"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))

        created_by = d.pop("createdBy")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        key = d.pop("key", UNSET)

        revoke_api_key_api_key = cls(
            id=id,
            object_=object_,
            name=name,
            mode=mode,
            last4=last4,
            scopes=scopes,
            byok=byok,
            allowed_origins=allowed_origins,
            rate_limit_per_minute=rate_limit_per_minute,
            expires_at=expires_at,
            revoked_at=revoked_at,
            last_used_at=last_used_at,
            created_by=created_by,
            created_at=created_at,
            key=key,
        )

        revoke_api_key_api_key.additional_properties = d
        return revoke_api_key_api_key

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
