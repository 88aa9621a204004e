from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.create_dashboard_session_dashboard_session_organization import (
        CreateDashboardSessionDashboardSessionOrganization,
    )
    from ..models.create_dashboard_session_dashboard_session_user import CreateDashboardSessionDashboardSessionUser


T = TypeVar("T", bound="CreateDashboardSessionDashboardSession")


@_attrs_define
class CreateDashboardSessionDashboardSession:
    """
    Attributes:
        object_ (Literal['dashboard_session']):
        token (str): Bearer token for dashboard routes (`rb_dash_…`); shown once.
        expires_at (datetime.datetime): ISO 8601 UTC timestamp
        user (CreateDashboardSessionDashboardSessionUser):
        organization (CreateDashboardSessionDashboardSessionOrganization):
    """

    object_: Literal["dashboard_session"]
    token: str
    expires_at: datetime.datetime
    user: CreateDashboardSessionDashboardSessionUser
    organization: CreateDashboardSessionDashboardSessionOrganization
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        object_ = self.object_

        token = self.token

        expires_at = self.expires_at.isoformat()

        user = self.user.to_dict()

        organization = self.organization.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "object": object_,
                "token": token,
                "expiresAt": expires_at,
                "user": user,
                "organization": organization,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_dashboard_session_dashboard_session_organization import (
            CreateDashboardSessionDashboardSessionOrganization,  # noqa: PLC0415
        )
        from ..models.create_dashboard_session_dashboard_session_user import CreateDashboardSessionDashboardSessionUser  # noqa: PLC0415

        d = dict(src_dict)
        object_ = cast(Literal["dashboard_session"], d.pop("object"))
        if object_ != "dashboard_session":
            raise ValueError(f"object must match const 'dashboard_session', got '{object_}'")

        token = d.pop("token")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        user = CreateDashboardSessionDashboardSessionUser.from_dict(d.pop("user"))

        organization = CreateDashboardSessionDashboardSessionOrganization.from_dict(d.pop("organization"))

        create_dashboard_session_dashboard_session = cls(
            object_=object_,
            token=token,
            expires_at=expires_at,
            user=user,
            organization=organization,
        )

        create_dashboard_session_dashboard_session.additional_properties = d
        return create_dashboard_session_dashboard_session

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
