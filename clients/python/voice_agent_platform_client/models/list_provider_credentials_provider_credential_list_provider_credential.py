from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.list_provider_credentials_provider_credential_list_provider_credential_kind import (
    ListProviderCredentialsProviderCredentialListProviderCredentialKind,
)

T = TypeVar("T", bound="ListProviderCredentialsProviderCredentialListProviderCredential")


@_attrs_define
class ListProviderCredentialsProviderCredentialListProviderCredential:
    """
    Attributes:
        object_ (Literal['provider_credential']):
        kind (ListProviderCredentialsProviderCredentialListProviderCredentialKind):
        provider (str): The vendor of the credential in use (or, while none is verified, of the one last tried).
        api_key_hint (str): The last four characters of the key (for `amazon`, of the access key id), e.g. `…f3a9`; the
            secret itself is never shown.
        verified (bool): The vendor accepted this credential: `byok` traffic uses it.
        verified_at (datetime.datetime | None): When the credential in use was verified.
        last_verification_error (None | str): Why the latest PUT was not verified, or null when it was. When a verified
            credential exists, a refused replacement is discarded and the verified one stays in use: this field then reports
            the refusal.
        last_verification_at (datetime.datetime | None): When the latest PUT was checked with the vendor.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
        updated_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    object_: Literal["provider_credential"]
    kind: ListProviderCredentialsProviderCredentialListProviderCredentialKind
    provider: str
    api_key_hint: str
    verified: bool
    verified_at: datetime.datetime | None
    last_verification_error: None | str
    last_verification_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        kind = self.kind.value

        provider = self.provider

        api_key_hint = self.api_key_hint

        verified = self.verified

        verified_at: None | str
        if isinstance(self.verified_at, datetime.datetime):
            verified_at = self.verified_at.isoformat()
        else:
            verified_at = self.verified_at

        last_verification_error: None | str
        last_verification_error = self.last_verification_error

        last_verification_at: None | str
        if isinstance(self.last_verification_at, datetime.datetime):
            last_verification_at = self.last_verification_at.isoformat()
        else:
            last_verification_at = self.last_verification_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "kind": kind,
                "provider": provider,
                "apiKeyHint": api_key_hint,
                "verified": verified,
                "verifiedAt": verified_at,
                "lastVerificationError": last_verification_error,
                "lastVerificationAt": last_verification_at,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        object_ = cast(Literal["provider_credential"], d.pop("object"))
        if object_ != "provider_credential":
            raise ValueError(f"object must match const 'provider_credential', got '{object_}'")

        kind = ListProviderCredentialsProviderCredentialListProviderCredentialKind(d.pop("kind"))

        provider = d.pop("provider")

        api_key_hint = d.pop("apiKeyHint")

        verified = d.pop("verified")

        def _parse_verified_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                verified_at_type_0 = datetime.datetime.fromisoformat(data)

                return verified_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        verified_at = _parse_verified_at(d.pop("verifiedAt"))

        def _parse_last_verification_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_verification_error = _parse_last_verification_error(d.pop("lastVerificationError"))

        def _parse_last_verification_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_verification_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_verification_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_verification_at = _parse_last_verification_at(d.pop("lastVerificationAt"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        list_provider_credentials_provider_credential_list_provider_credential = cls(
            object_=object_,
            kind=kind,
            provider=provider,
            api_key_hint=api_key_hint,
            verified=verified,
            verified_at=verified_at,
            last_verification_error=last_verification_error,
            last_verification_at=last_verification_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        list_provider_credentials_provider_credential_list_provider_credential.additional_properties = d
        return list_provider_credentials_provider_credential_list_provider_credential

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
