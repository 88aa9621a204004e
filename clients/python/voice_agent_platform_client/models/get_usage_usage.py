from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_usage_usage_byok import GetUsageUsageByok
    from ..models.get_usage_usage_credits import GetUsageUsageCredits
    from ..models.get_usage_usage_limits import GetUsageUsageLimits
    from ..models.get_usage_usage_organization import GetUsageUsageOrganization
    from ..models.get_usage_usage_used import GetUsageUsageUsed


T = TypeVar("T", bound="GetUsageUsage")


@_attrs_define
class GetUsageUsage:
    """
    Attributes:
        object_ (Literal['usage']):
        organization (GetUsageUsageOrganization):
        credits_ (GetUsageUsageCredits): A snapshot: the answer of `POST /calls` is authoritative over a preceding read.
        byok (GetUsageUsageByok): Traffic on the organization’s own provider credentials, outside credits.
        limits (GetUsageUsageLimits):
        used (GetUsageUsageUsed): How much of each limit is taken now (an addition to the v1 fields).
    """

    object_: Literal["usage"]
    organization: GetUsageUsageOrganization
    credits_: GetUsageUsageCredits
    byok: GetUsageUsageByok
    limits: GetUsageUsageLimits
    used: GetUsageUsageUsed
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        organization = self.organization.to_dict()

        credits_ = self.credits_.to_dict()

        byok = self.byok.to_dict()

        limits = self.limits.to_dict()

        used = self.used.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "organization": organization,
                "credits": credits_,
                "byok": byok,
                "limits": limits,
                "used": used,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_usage_usage_byok import GetUsageUsageByok  # noqa: PLC0415
        from ..models.get_usage_usage_credits import GetUsageUsageCredits  # noqa: PLC0415
        from ..models.get_usage_usage_limits import GetUsageUsageLimits  # noqa: PLC0415
        from ..models.get_usage_usage_organization import GetUsageUsageOrganization  # noqa: PLC0415
        from ..models.get_usage_usage_used import GetUsageUsageUsed  # noqa: PLC0415

        d = dict(src_dict)
        object_ = cast(Literal["usage"], d.pop("object"))
        if object_ != "usage":
            raise ValueError(f"object must match const 'usage', got '{object_}'")

        organization = GetUsageUsageOrganization.from_dict(d.pop("organization"))

        credits_ = GetUsageUsageCredits.from_dict(d.pop("credits"))

        byok = GetUsageUsageByok.from_dict(d.pop("byok"))

        limits = GetUsageUsageLimits.from_dict(d.pop("limits"))

        used = GetUsageUsageUsed.from_dict(d.pop("used"))

        get_usage_usage = cls(
            object_=object_,
            organization=organization,
            credits_=credits_,
            byok=byok,
            limits=limits,
            used=used,
        )

        get_usage_usage.additional_properties = d
        return get_usage_usage

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
