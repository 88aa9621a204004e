from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="CreateEmbedTokenEmbedToken")


@_attrs_define
class CreateEmbedTokenEmbedToken:
    """
    Attributes:
        object_ (Literal['embed_token']):
        interview_id (str): 24-character hexadecimal id
        token (str): Hand it to the browser (`VoiceAgent.mount`); never your API key.
        embed_url (str): A ready-to-use iframe URL for this interview and token.
        expires_at (datetime.datetime): ISO 8601 UTC timestamp
        allowed_origins (list[str]): The origins that may frame it: the calling key’s, when minted.
    """

    object_: Literal["embed_token"]
    interview_id: str
    token: str
    embed_url: str
    expires_at: datetime.datetime
    allowed_origins: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        interview_id = self.interview_id

        token = self.token

        embed_url = self.embed_url

        expires_at = self.expires_at.isoformat()

        allowed_origins = self.allowed_origins

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "interviewId": interview_id,
                "token": token,
                "embedUrl": embed_url,
                "expiresAt": expires_at,
                "allowedOrigins": allowed_origins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_ = cast(Literal["embed_token"], d.pop("object"))
        if object_ != "embed_token":
            raise ValueError(f"object must match const 'embed_token', got '{object_}'")

        interview_id = d.pop("interviewId")

        token = d.pop("token")

        embed_url = d.pop("embedUrl")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        allowed_origins = cast(list[str], d.pop("allowedOrigins"))

        create_embed_token_embed_token = cls(
            object_=object_,
            interview_id=interview_id,
            token=token,
            embed_url=embed_url,
            expires_at=expires_at,
            allowed_origins=allowed_origins,
        )

        create_embed_token_embed_token.additional_properties = d
        return create_embed_token_embed_token

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
