"""Every model the registry's families provide follows the protocol of
:class:`puzzlefmt.model.Model`: the same methods with the same parameters, and the
conventions of model.py's docstring table (the constructor takes an optional text and
keyword-only parts, ``replace`` takes keyword-only fields, models are immutable).

The signatures are compared by parameter names, kinds and defaults (the annotations name
each family's own types), and by return annotation where the protocol fixes the type.
"""

from __future__ import annotations

import inspect
from typing import Any, Self

import pytest

from puzzlefmt import registry
from puzzlefmt.family import Family
from puzzlefmt.model import Model, SolveResult

MODELS: list[tuple[Family, type[Model]]] = [
    (family, model) for family in registry.families() for model in family.models
    if isinstance(model, type) and issubclass(model, Model)]
IDS = [model.__name__ for _, model in MODELS]

# The protocol's methods, as model.py's Model declares them.
METHODS = ("copy", "to_json", "from_json", "problems", "status", "is_valid", "contents",
           "json_schema", "__str__", "_repr_svg_")
# Where the protocol fixes the returned type (the others return the family's own types).
RETURNS = {"to_json": "dict[str, Any]", "is_valid": "bool", "contents": "frozenset[str]",
           "json_schema": "dict[str, Any]", "__str__": "str", "_repr_svg_": "str"}


class _Protocol(Model):
    """The solver's method as docs/protocol.md writes it: one signature in every family."""

    family = "protocol"

    def solve(self, limit: int = 2) -> SolveResult[Self]:
        return self._solve(limit)


def _shape(function: Any) -> list[tuple[str, Any, Any]]:
    """Parameter names, kinds and defaults: what a caller sees of a signature."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def _instance(family: Family, model: type[Model]) -> Model:
    """A model to call methods on: its empty form, else the family's example text."""
    try:
        return model()
    except TypeError:
        return model(family.example)


def test_the_registry_provides_every_builtin_model() -> None:
    assert {"Grid", "Puzzle", "Position", "Game"} <= set(IDS)


@pytest.mark.parametrize(("family", "model"), MODELS, ids=IDS)
def test_the_protocol_methods_keep_the_base_signatures(family: Family,
                                                       model: type[Model]) -> None:
    for name in METHODS:
        mine, base = getattr(model, name), getattr(Model, name)
        assert _shape(mine) == _shape(base), f"{model.__name__}.{name}"
        if name in RETURNS:
            assert inspect.signature(mine).return_annotation == RETURNS[name], (
                f"{model.__name__}.{name}")


@pytest.mark.parametrize(("family", "model"), MODELS, ids=IDS)
def test_solve_has_one_signature_and_exists_where_the_family_solves(
        family: Family, model: type[Model]) -> None:
    assert hasattr(model, "solve") == ("solve" in family.runs(model)), model.__name__
    if hasattr(model, "solve"):
        assert _shape(model.solve) == _shape(_Protocol.solve), model.__name__  # type: ignore[attr-defined]


@pytest.mark.parametrize(("family", "model"), MODELS, ids=IDS)
def test_the_constructor_takes_an_optional_text_then_keyword_parts(
        family: Family, model: type[Model]) -> None:
    params = list(inspect.signature(model.__init__).parameters.values())[1:]
    assert params, model.__name__
    text = params[0]
    assert (text.name, text.kind, text.default) == (
        "text", inspect.Parameter.POSITIONAL_OR_KEYWORD, None), model.__name__
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[1:]), model.__name__
    # No argument: the model's empty form, or (a family with no empty model) the TypeError
    # every constructor gives for a text that is not a str, with a note saying what to give;
    # never Python's missing-argument error.
    empty: Model | None = None
    refusal: TypeError | None = None
    try:
        empty = model()
    except TypeError as exc:
        refusal = exc
    if empty is None:
        assert refusal is not None
        assert str(refusal) == f"{model.__name__}: expected str, got NoneType", str(refusal)
        assert "text" in " ".join(getattr(refusal, "__notes__", [])), model.__name__
    else:
        assert type(empty) is model
        assert type(empty).from_json(empty.to_json()) == empty


@pytest.mark.parametrize(("family", "model"), MODELS, ids=IDS)
def test_a_model_reads_its_text_and_copies_equal(family: Family, model: type[Model]) -> None:
    value = _instance(family, model)
    assert value.copy() == value
    assert hash(value.copy()) == hash(value)
    assert type(value).from_json(value.to_json()) == value
    assert isinstance(value._repr_svg_(), str)
    assert isinstance(str(value), str)


@pytest.mark.parametrize(("family", "model"), MODELS, ids=IDS)
def test_replace_takes_keyword_only_fields(family: Family, model: type[Model]) -> None:
    # Waits for each family's conversion (issue 21): every model gets a replace().
    assert hasattr(model, "replace"), f"{model.__name__} has no replace()"
    params = list(inspect.signature(model.replace).parameters.values())[1:]  # type: ignore[attr-defined]
    assert params, model.__name__
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params), model.__name__
    value = _instance(family, model)
    assert value.replace() == value  # type: ignore[attr-defined]


# ------------------------------------------------------------------ the write-once guard
# Every model refuses a second assignment of a public field (the base's write-once guard).


@pytest.mark.parametrize(("family", "model"), MODELS, ids=IDS)
def test_guarded_models_refuse_assignment(family: Family, model: type[Model]) -> None:
    value = _instance(family, model)
    # The model's public fields and properties (not the class settings of the base:
    # family, engines).
    public = [name for name in dir(value) if not name.startswith("_")
              and not callable(getattr(value, name)) and not hasattr(Model, name)
              and name != "family"]
    assert public, model.__name__
    for name in public:
        with pytest.raises(AttributeError):
            setattr(value, name, getattr(value, name))


@pytest.mark.parametrize(("family", "model"), MODELS, ids=IDS)
def test_a_model_cannot_shadow_its_class_settings(family: Family, model: type[Model]) -> None:
    """``family`` and ``engines`` belong to the class: setting them on one model is refused
    (the base has no slots, so before the guard knew them an instance attribute hid them)."""
    value = _instance(family, model)
    for name in ("family", "engines"):
        with pytest.raises(AttributeError, match="immutable"):
            setattr(value, name, None)
    assert value.family == family.name
