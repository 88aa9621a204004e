from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Literal, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_dashboard_session_dashboard_session_user_permissions_item import (
    CreateDashboardSessionDashboardSessionUserPermissionsItem,
)
from ..models.create_dashboard_session_dashboard_session_user_role import CreateDashboardSessionDashboardSessionUserRole
from ..models.create_dashboard_session_dashboard_session_user_status import (
    CreateDashboardSessionDashboardSessionUserStatus,
)

T = TypeVar("T", bound="CreateDashboardSessionDashboardSessionUser")


@_attrs_define
class CreateDashboardSessionDashboardSessionUser:
    """
    Attributes:
        id (str): 24-character hexadecimal id
        object_ (Literal['user']):
        email (str):
        role (CreateDashboardSessionDashboardSessionUserRole):
        permissions (list[CreateDashboardSessionDashboardSessionUserPermissionsItem]):
        founder (bool): The organization's first admin: only they may demote or narrow themselves.
        status (CreateDashboardSessionDashboardSessionUserStatus): A `deactivated` user cannot sign in and has no
            sessions; their API keys keep working until revoked.
        created_at (datetime.datetime): ISO 8601 UTC timestamp
    """

    id: str
    object_: Literal["user"]
    email: str
    role: CreateDashboardSessionDashboardSessionUserRole
    permissions: list[CreateDashboardSessionDashboardSessionUserPermissionsItem]
    founder: bool
    status: CreateDashboardSessionDashboardSessionUserStatus
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_

        email = self.email

        role = self.role.value

        permissions = []
        for permissions_item_data in self.permissions:
            permissions_item = permissions_item_data.value
            permissions.append(permissions_item)

        founder = self.founder

        status = self.status.value

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "object": object_,
                "email": email,
                "role": role,
                "permissions": permissions,
                "founder": founder,
                "status": status,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["user"], d.pop("object"))
        if object_ != "user":
            raise ValueError(f"object must match const 'user', got '{object_}'")

        email = d.pop("email")

        role = CreateDashboardSessionDashboardSessionUserRole(d.pop("role"))

        permissions = []
        _permissions = d.pop("permissions")
        for permissions_item_data in _permissions:
            permissions_item = CreateDashboardSessionDashboardSessionUserPermissionsItem(permissions_item_data)

            permissions.append(permissions_item)

        founder = d.pop("founder")

        status = CreateDashboardSessionDashboardSessionUserStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        create_dashboard_session_dashboard_session_user = cls(
            id=id,
            object_=object_,
            email=email,
            role=role,
            permissions=permissions,
            founder=founder,
            status=status,
            created_at=created_at,
        )

        create_dashboard_session_dashboard_session_user.additional_properties = d
        return create_dashboard_session_dashboard_session_user

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
