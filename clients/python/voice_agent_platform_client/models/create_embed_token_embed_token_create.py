from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateEmbedTokenEmbedTokenCreate")


@_attrs_define
class CreateEmbedTokenEmbedTokenCreate:
    """
    Attributes:
        expires_in_seconds (int | Unset): 60-86400, default 900. Default: 900.
    """

    expires_in_seconds: int | Unset = 900

    def to_dict(self) -> dict[str, Any]:
        expires_in_seconds = self.expires_in_seconds

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if expires_in_seconds is not UNSET:
            field_dict["expiresInSeconds"] = expires_in_seconds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        expires_in_seconds = d.pop("expiresInSeconds", UNSET)

        create_embed_token_embed_token_create = cls(
            expires_in_seconds=expires_in_seconds,
        )

        return create_embed_token_embed_token_create
