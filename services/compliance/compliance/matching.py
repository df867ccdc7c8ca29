"""Name matching for sanctions screening (issue 35): names normalised (transliterated to Latin with anyascii, case
and diacritics folded, punctuation dropped, word order ignored), each word compared with rapidfuzz and by its
phonetic key (metaphone, jellyfish), and the date of birth raising or lowering the score. Every score keeps its
explanation: which words matched which, how, and what the dates did.

A list is indexed by the phonetic keys of its names' words (by pairs of them), so a person is compared only with the
entries that share enough keys with them (two, or all of a shorter name's), not with every entry of every list."""

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from itertools import combinations
from typing import Any

import jellyfish
from anyascii import anyascii
from rapidfuzz import fuzz

NON_WORD = re.compile(r"[^a-z0-9]+")
# A phonetic key agreeing counts as this close a spelling (a transliteration: Petrovski, Petrovsky, Petrovskiy).
PHONETIC_SCORE = 95.0
# A one-word name matching one word of a longer one says less than a whole name does.
ONE_WORD_FACTOR = 0.8
DATE_AGREES = 10.0
YEAR_AGREES = 5.0
DATE_DISAGREES = -30.0
NEAR_YEAR_DISAGREES = -10.0


def words(name: str) -> list[str]:
    return [w for w in NON_WORD.split(anyascii(name).lower()) if w]


def phonetic(word: str) -> str:
    return jellyfish.metaphone(word) if len(word) >= 3 and word.isalpha() else word


def content_hash(*parts: Any) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


@dataclass(frozen=True)
class Subject:
    subject_type: str
    subject_id: int
    name: str
    date_of_birth: date | None

    @property
    def hash(self) -> str:
        return content_hash(self.name.strip().casefold(), self.date_of_birth)


@dataclass
class Entry:
    source: str
    list_id: int
    reference: str
    kind: str
    names: list[str]
    dates_of_birth: list[str]
    content_hash: str
    name_words: list[list[str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.name_words = [words(name) for name in self.names]


@dataclass(frozen=True)
class Match:
    entry: Entry
    score: float
    explanation: dict[str, Any]


def _word_pairs(short: Sequence[str], long: Sequence[str]) -> tuple[float, list[dict[str, Any]]]:
    """Each word of the shorter name paired with its closest unused word of the longer one."""
    unused = list(long)
    pairs: list[dict[str, Any]] = []
    for word in short:
        best: tuple[float, str, str] = (0.0, "", "none")
        for other in unused:
            spelled = fuzz.ratio(word, other)
            if spelled >= best[0]:
                best = (spelled, other, "exact" if spelled == 100 else "spelling")
            if spelled < PHONETIC_SCORE and phonetic(word) == phonetic(other) and PHONETIC_SCORE > best[0]:
                best = (PHONETIC_SCORE, other, "phonetic")
        if best[1]:
            unused.remove(best[1])
        pairs.append({"word": word, "matched": best[1] or None, "how": best[2], "score": round(best[0], 1)})
    return (sum(p["score"] for p in pairs) / len(pairs) if pairs else 0.0), pairs


def name_score(subject_words: Sequence[str], entry_words: Sequence[str]) -> tuple[float, dict[str, Any]]:
    if not subject_words or not entry_words:
        return 0.0, {}
    short, long = ((subject_words, entry_words) if len(subject_words) <= len(entry_words)
                   else (entry_words, subject_words))
    score, pairs = _word_pairs(short, long)
    if len(short) == 1 and len(long) > 1:
        score *= ONE_WORD_FACTOR
    whole = fuzz.token_sort_ratio(" ".join(subject_words), " ".join(entry_words))
    if whole > score:
        return whole, {"method": "whole name, word order ignored", "pairs": pairs}
    return score, {"method": "word by word", "pairs": pairs}


def _listed_date(text: str) -> tuple[int, date | None]:
    """A listed date of birth: (year, the whole date if known)."""
    if len(text) >= 10:
        try:
            day = date.fromisoformat(text[:10])
            return day.year, day
        except ValueError:
            pass
    return int(text[:4]), None


def date_adjustment(born: date | None, listed: Sequence[str]) -> tuple[float, str]:
    known = [_listed_date(text) for text in listed if text[:4].isdigit()]
    if born is None or not known:
        return 0.0, "no date of birth to compare"
    if any(day == born for _, day in known):
        return DATE_AGREES, f"born {born.isoformat()}, as listed"
    if any(day is None and year == born.year for year, day in known):
        return YEAR_AGREES, f"born in {born.year}, the year listed"
    nearest = min(abs(year - born.year) for year, _ in known)
    listed_text = ", ".join(listed)
    if nearest <= 1:
        return NEAR_YEAR_DISAGREES, f"born {born.isoformat()}; listed {listed_text}"
    return DATE_DISAGREES, f"born {born.isoformat()}; listed {listed_text} ({nearest} years apart)"


class ListIndex:
    """The entries of the newest version of each list, indexed by their words' phonetic keys: by every pair of keys
    of a name (a name of several words must share two with the subject's), by the key of a one-word name, and by
    every key (for a subject of one word)."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self.entries = list(entries)
        self._pairs: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
        self._single: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self._keys: dict[str, list[tuple[int, int]]] = defaultdict(list)
        for e, entry in enumerate(self.entries):
            for n, name in enumerate(entry.name_words):
                keys = sorted({phonetic(w) for w in name})
                for key in keys:
                    self._keys[key].append((e, n))
                if len(keys) == 1:
                    self._single[keys[0]].append((e, n))
                for pair in combinations(keys, 2):
                    self._pairs[pair].append((e, n))

    def candidates(self, subject_words: Sequence[str]) -> dict[int, list[int]]:
        """The entries' names that share two phonetic keys with the subject's name, or all of a shorter one's."""
        keys = sorted({phonetic(w) for w in subject_words})
        found: set[tuple[int, int]] = set()
        if len(keys) == 1:
            found.update(self._keys.get(keys[0], ()))
        else:
            for pair in combinations(keys, 2):
                found.update(self._pairs.get(pair, ()))
            for key in keys:
                found.update(self._single.get(key, ()))
        by_entry: dict[int, list[int]] = defaultdict(list)
        for e, n in found:
            by_entry[e].append(n)
        return by_entry

    def screen(self, subject: Subject, threshold: float) -> list[Match]:
        subject_words = words(subject.name)
        matches: list[Match] = []
        for e, names in self.candidates(subject_words).items():
            entry = self.entries[e]
            # Names in list order, so that of equally close names the first listed explains the hit, whatever
            # order the index found them in (a transliteration of the same name often scores the same).
            best = max(((name_score(subject_words, entry.name_words[n]), n) for n in sorted(names)),
                       key=lambda x: x[0][0])
            (score, how), n = best
            adjustment, dates = date_adjustment(subject.date_of_birth, entry.dates_of_birth)
            total = max(0.0, min(100.0, score + adjustment))
            if total >= threshold:
                matches.append(Match(entry, round(total, 1), {
                    "name": subject.name, "listedName": entry.names[n], "nameScore": round(score, 1), **how,
                    "dateOfBirth": dates, "dateAdjustment": adjustment, "threshold": threshold}))
        return matches
