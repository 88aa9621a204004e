from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.create_user_user_create_permissions_item import CreateUserUserCreatePermissionsItem
from ..models.create_user_user_create_role import CreateUserUserCreateRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateUserUserCreate")


@_attrs_define
class CreateUserUserCreate:
    """
    Attributes:
        email (str):
        password (str): At least 10 characters.
        role (CreateUserUserCreateRole | Unset):  Default: CreateUserUserCreateRole.MEMBER.
        permissions (list[CreateUserUserCreatePermissionsItem] | Unset): Explicit scope set. Default: every scope for an
            admin; agents:read, executions:read and organization:read for a member. Only scopes the caller holds can be
            granted.
    """

    email: str
    password: str
    role: CreateUserUserCreateRole | Unset = CreateUserUserCreateRole.MEMBER
    permissions: list[CreateUserUserCreatePermissionsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        email = self.email

        password = self.password

        role: str | Unset = UNSET
        if not isinstance(self.role, Unset):
            role = self.role.value

        permissions: list[str] | Unset = UNSET
        if not isinstance(self.permissions, Unset):
            permissions = []
            for permissions_item_data in self.permissions:
                permissions_item = permissions_item_data.value
                permissions.append(permissions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "email": email,
                "password": password,
            }
        )
        if role is not UNSET:
            field_dict["role"] = role
        if permissions is not UNSET:
            field_dict["permissions"] = permissions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        email = d.pop("email")

        password = d.pop("password")

        _role = d.pop("role", UNSET)
        role: CreateUserUserCreateRole | Unset
        if isinstance(_role, Unset):
            role = UNSET
        else:
            role = CreateUserUserCreateRole(_role)

        _permissions = d.pop("permissions", UNSET)
        permissions: list[CreateUserUserCreatePermissionsItem] | Unset = UNSET
        if _permissions is not UNSET:
            permissions = []
            for permissions_item_data in _permissions:
                permissions_item = CreateUserUserCreatePermissionsItem(permissions_item_data)

                permissions.append(permissions_item)

        create_user_user_create = cls(
            email=email,
            password=password,
            role=role,
            permissions=permissions,
        )

        return create_user_user_create
