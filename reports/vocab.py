"""The game's words for a report: names and effect texts of buildings, station masters, cities, scoring
categories, worker types and objective cards, read from the dataset's manifest (written by the runner
from the content as run, see `gwt_sim.describe.vocabulary`). A dataset written before the manifest
carried them falls back to the ids ("SM5", "building 7b", "new york")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _title(identifier: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in identifier.split("_") if w)


class Vocabulary:
    def __init__(self, manifest: Mapping[str, Any]):
        shared = manifest.get("vocabulary")
        self.shared: Mapping[str, Any] = shared if isinstance(shared, Mapping) else {}
        arms = manifest.get("vocabulary_arms")
        self.arms: Mapping[str, Any] = arms if isinstance(arms, Mapping) else {}

    @property
    def known(self) -> bool:
        """Whether the manifest carries the vocabulary (else every name is an id)."""
        return bool(self.shared)

    def _entry(self, kind: str, key: str, arm: str | None) -> Mapping[str, Any]:
        vocab = self.arms.get(arm) if arm is not None else None
        table = (vocab or self.shared).get(kind)
        entry = table.get(key) if isinstance(table, Mapping) else None
        return entry if isinstance(entry, Mapping) else {}

    def effect(self, kind: str, key: str, arm: str | None = None) -> str:
        """The effect text of a component ('' when unknown)."""
        return str(self._entry(kind, key, arm).get("effect", ""))

    def differs(self, kind: str, key: str) -> list[str]:
        """Arms whose content gives `key` another text than the shared vocabulary (patched content)."""
        base = self.effect(kind, key)
        return [a for a in self.arms if self.effect(kind, key, a) != base]

    # names -----------------------------------------------------------------------------------

    def building(self, building_id: str, arm: str | None = None) -> str:
        """``7b``; with its effect: `building_text`."""
        return str(building_id)

    def building_text(self, building_id: str, arm: str | None = None) -> str:
        """``7b: 5 builders, 6 VP, ...: 1. move your engine ...`` or ``7b`` without a vocabulary."""
        eff = self.effect("buildings", building_id, arm)
        return f"{building_id}: {eff}" if eff else str(building_id)

    def station_master(self, tile: str, arm: str | None = None) -> str:
        return str(self._entry("station_masters", tile, arm).get("name", tile))

    def station_master_text(self, tile: str, arm: str | None = None) -> str:
        eff = self.effect("station_masters", tile, arm)
        return f"{self.station_master(tile, arm)} ({eff})" if eff else self.station_master(tile, arm)

    def city(self, city_id: str) -> str:
        return str(self._entry("cities", city_id, None).get("name") or _title(city_id))

    def category(self, category: str) -> str:
        """Scoresheet name of a scoring category (``station_masters`` -> "Station masters")."""
        name = self._entry("scoring", category, None).get("name")
        return str(name) if name else category.replace("_", " ")

    def worker(self, worker: str) -> str:
        return str(self._entry("workers", worker, None).get("name") or _title(worker))

    def printed_workers(self, worker: str) -> int | None:
        """Workers of this type a player starts with (None when the manifest does not say)."""
        v = self._entry("workers", worker, None).get("printed")
        return int(v) if isinstance(v, int) else None

    def ids(self, kind: str) -> list[str]:
        table = self.shared.get(kind)
        return list(table) if isinstance(table, Mapping) else []
