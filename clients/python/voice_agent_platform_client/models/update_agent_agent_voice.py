from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.update_agent_agent_voice_difficulty import UpdateAgentAgentVoiceDifficulty

T = TypeVar("T", bound="UpdateAgentAgentVoice")


@_attrs_define
class UpdateAgentAgentVoice:
    """Present on voice agents only, with every default filled.

    Attributes:
        goal (str):
        opening (str): What the agent says first in an interview.
        evaluation_style (str):
        evaluation_criteria (list[str]):
        difficulty (UpdateAgentAgentVoiceDifficulty):
    """

    goal: str
    opening: str
    evaluation_style: str
    evaluation_criteria: list[str]
    difficulty: UpdateAgentAgentVoiceDifficulty
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        goal = self.goal

        opening = self.opening

        evaluation_style = self.evaluation_style

        evaluation_criteria = self.evaluation_criteria

        difficulty = self.difficulty.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "goal": goal,
                "opening": opening,
                "evaluationStyle": evaluation_style,
                "evaluationCriteria": evaluation_criteria,
                "difficulty": difficulty,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        goal = d.pop("goal")

        opening = d.pop("opening")

        evaluation_style = d.pop("evaluationStyle")

        evaluation_criteria = cast(list[str], d.pop("evaluationCriteria"))

        difficulty = UpdateAgentAgentVoiceDifficulty(d.pop("difficulty"))

        update_agent_agent_voice = cls(
            goal=goal,
            opening=opening,
            evaluation_style=evaluation_style,
            evaluation_criteria=evaluation_criteria,
            difficulty=difficulty,
        )

        update_agent_agent_voice.additional_properties = d
        return update_agent_agent_voice

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
