from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_api_key_api_key_create_mode import CreateApiKeyApiKeyCreateMode
from ..models.create_api_key_api_key_create_scopes_item import CreateApiKeyApiKeyCreateScopesItem
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateApiKeyApiKeyCreate")


@_attrs_define
class CreateApiKeyApiKeyCreate:
    """
    Attributes:
        name (str):
        scopes (list[CreateApiKeyApiKeyCreateScopesItem]): Only scopes the creating admin holds. Effective access is
            always these ∩ the creator’s current permissions; while the creator is deactivated the key holds none (403
            `PERMISSION_DENIED`).
        byok (bool | Unset): Fixed at creation. The key's traffic runs only on the organization's own vendor credentials
            and is billed per minute, not from credits. Needs verified `llm`, `stt` and `tts` credentials (`PUT
            /dashboard/provider-credentials/{kind}`), else 400 `BYOK_NOT_READY` naming the missing kinds. Default: False.
        mode (CreateApiKeyApiKeyCreateMode | Unset): Prefix `rb_live_` or `rb_test_`. Default:
            CreateApiKeyApiKeyCreateMode.LIVE.
        allowed_origins (list[str] | Unset): Exact browser origins allowed to frame interviews, each
            `scheme://host[:port]`: HTTPS, except http://localhost and http://127.0.0.1 (any port); no path, no trailing
            slash, no wildcard. A bad entry is 400 naming it (`body.allowedOrigins[2]`). Stored as browsers send them in
            `Origin` (host in lower case, a default port dropped).
        rate_limit_per_minute (int | Unset):  Default: 120.
        expires_at (datetime.datetime | Unset): When the key stops working on its own; must be in the future.
    """

    name: str
    scopes: list[CreateApiKeyApiKeyCreateScopesItem]
    byok: bool | Unset = False
    mode: CreateApiKeyApiKeyCreateMode | Unset = CreateApiKeyApiKeyCreateMode.LIVE
    allowed_origins: list[str] | Unset = UNSET
    rate_limit_per_minute: int | Unset = 120
    expires_at: datetime.datetime | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        scopes = []
        for scopes_item_data in self.scopes:
            scopes_item = scopes_item_data.value
            scopes.append(scopes_item)

        byok = self.byok

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        allowed_origins: list[str] | Unset = UNSET
        if not isinstance(self.allowed_origins, Unset):
            allowed_origins = self.allowed_origins

        rate_limit_per_minute = self.rate_limit_per_minute

        expires_at: str | Unset = UNSET
        if not isinstance(self.expires_at, Unset):
            expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "scopes": scopes,
            }
        )
        if byok is not UNSET:
            field_dict["byok"] = byok
        if mode is not UNSET:
            field_dict["mode"] = mode
        if allowed_origins is not UNSET:
            field_dict["allowedOrigins"] = allowed_origins
        if rate_limit_per_minute is not UNSET:
            field_dict["rateLimitPerMinute"] = rate_limit_per_minute
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        name = d.pop("name")

        scopes = []
        _scopes = d.pop("scopes")
        for scopes_item_data in _scopes:
            scopes_item = CreateApiKeyApiKeyCreateScopesItem(scopes_item_data)

            scopes.append(scopes_item)

        byok = d.pop("byok", UNSET)

        _mode = d.pop("mode", UNSET)
        mode: CreateApiKeyApiKeyCreateMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = CreateApiKeyApiKeyCreateMode(_mode)

        allowed_origins = cast(list[str], d.pop("allowedOrigins", UNSET))

        rate_limit_per_minute = d.pop("rateLimitPerMinute", UNSET)

        _expires_at = d.pop("expiresAt", UNSET)
        expires_at: datetime.datetime | Unset
        if isinstance(_expires_at, Unset):
            expires_at = UNSET
        else:
            expires_at = datetime.datetime.fromisoformat(_expires_at)

        create_api_key_api_key_create = cls(
            name=name,
            scopes=scopes,
            byok=byok,
            mode=mode,
            allowed_origins=allowed_origins,
            rate_limit_per_minute=rate_limit_per_minute,
            expires_at=expires_at,
        )

        return create_api_key_api_key_create
