from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PutProviderCredentialProviderCredentialPut")


@_attrs_define
class PutProviderCredentialProviderCredentialPut:
    """
    Attributes:
        provider (str): A vendor of the kind in the path.
        api_key (str | Unset): The vendor's API key (every vendor but `amazon`). Stored encrypted; never returned.
        access_key_id (str | Unset): `amazon` only: the AWS access key id (`AKIA…`) whose policy allows
            `polly:SynthesizeSpeech` and `polly:DescribeVoices`.
        secret_access_key (str | Unset): `amazon` only: its secret access key. Stored encrypted; never returned.
        region (str | Unset): `amazon` only: the AWS region of the Polly endpoint to use, e.g. `eu-west-1`.
    """

    provider: str
    api_key: str | Unset = UNSET
    access_key_id: str | Unset = UNSET
    secret_access_key: str | Unset = UNSET
    region: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        provider = self.provider

        api_key = self.api_key

        access_key_id = self.access_key_id

        secret_access_key = self.secret_access_key

        region = self.region

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "provider": provider,
            }
        )
        if api_key is not UNSET:
            field_dict["apiKey"] = api_key
        if access_key_id is not UNSET:
            field_dict["accessKeyId"] = access_key_id
        if secret_access_key is not UNSET:
            field_dict["secretAccessKey"] = secret_access_key
        if region is not UNSET:
            field_dict["region"] = region

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        provider = d.pop("provider")

        api_key = d.pop("apiKey", UNSET)

        access_key_id = d.pop("accessKeyId", UNSET)

        secret_access_key = d.pop("secretAccessKey", UNSET)

        region = d.pop("region", UNSET)

        put_provider_credential_provider_credential_put = cls(
            provider=provider,
            api_key=api_key,
            access_key_id=access_key_id,
            secret_access_key=secret_access_key,
            region=region,
        )

        return put_provider_credential_provider_credential_put
