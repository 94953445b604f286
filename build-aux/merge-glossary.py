#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Merge glossary parts into one pack.

    build-aux/merge-glossary.py [--check] [--game GAME] [-o OUT] [PART.json ...]

Defaults: for each game (every GAME of data/glossary/parts/GAME-*.json, or
the one --game names), its parts into data/glossary/GAME.json. Entries are sorted by id; ids must be the
slug of the section path and title; see_also items that name an entry by
title or path ("Fortress – Fortress Gate") instead of by id are resolved to
its id. Concepts (players' words for rules terms) are
kept in the order of the parts; each phrase may appear once. The labelled
table-talk questions of data/glossary/parts/GAME-questions.tsv (SET, question,
entry ids; --questions with parts named on the command line) become the
"asked" questions of each one's first entry, except the set "blind", which
the question test keeps unseen. Every problem is listed and the exit code is
1 when there is any.
With --check nothing is written; the exit code says whether OUT is current.
"""

import argparse
import glob
import json
import os
import re
import sys
import unicodedata

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMAT = "spirekeeper-glossary"


def ascii_fold(text):
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if ord(c) < 128).lower()


def slug(section, title):
    path = " ".join(list(section) + [title])
    return re.sub(r"[^a-z0-9]+", "-", ascii_fold(path)).strip("-")


def fold(text):
    return re.sub(r"[^a-z0-9]+", " ", ascii_fold(text)).strip()


def check_rulings(entries):
    """A ruling ("kind": "ruling") names its source and concerns terms only."""
    problems = []
    for eid, (e, name) in sorted(entries.items()):
        kind = e.get("kind", "term")
        if kind not in ("term", "ruling"):
            problems.append(f"{name}: {eid}: kind {kind!r} is not 'term' or 'ruling'")
            continue
        if kind == "term":
            if any(k in e for k in ("source", "concerns", "card", "spec")):
                problems.append(f"{name}: {eid}: only a ruling has source, concerns, card and spec")
            continue
        for key in ("card", "spec"):
            if key in e and (not isinstance(e[key], str) or not e[key]):
                problems.append(f"{name}: {eid}: {key} must be a non-empty string")
        if not isinstance(e.get("source"), str) or not e["source"]:
            problems.append(f"{name}: {eid}: a ruling needs its source")
        if not e.get("concerns"):
            problems.append(f"{name}: {eid}: a ruling must concern at least one term")
        for ref in e.get("concerns", []):
            target = entries.get(ref)
            if target is None:
                problems.append(f"{name}: {eid}: concerns {ref!r} names no entry")
            elif target[0].get("kind", "term") != "term":
                problems.append(f"{name}: {eid}: concerns {ref!r}, a ruling, not a term")
    return problems


def merge(paths):
    problems = []
    head = None
    entries = {}
    tables = {}
    concepts = []
    phrases = {}
    for path in paths:
        name = os.path.relpath(path, TOP)
        try:
            with open(path, encoding="utf-8") as f:
                part = json.load(f)
        except (OSError, ValueError) as e:
            problems.append(f"{name}: cannot read: {e}")
            continue
        if part.get("format") != FORMAT or part.get("version") != 1:
            problems.append(f"{name}: not a version 1 glossary pack")
            continue
        if head is None:
            head = {k: part.get(k) for k in ("format", "version", "game", "title")}
        elif part.get("game") != head["game"]:
            problems.append(f"{name}: game {part.get('game')!r} differs from {head['game']!r}")
        for i, e in enumerate(part.get("entries", [])):
            where = f"{name}: entries[{i}]"
            for key in ("id", "title", "body"):
                if not isinstance(e.get(key), str) or not e[key]:
                    problems.append(f"{where}: {key} is missing")
            if "official" not in e:
                problems.append(f"{where}: official is missing")
            if not all(isinstance(e.get(k, ""), str) for k in ("id", "title")):
                continue
            want = slug(e.get("section", []), e.get("title", ""))
            if e.get("id") != want:
                problems.append(f"{where}: id {e.get('id')!r} should be {want!r}")
            if e.get("id") in entries:
                problems.append(f"{where}: id {e['id']!r} also in {entries[e['id']][1]}")
                continue
            entries[e.get("id")] = (e, name)
        for i, t in enumerate(part.get("tables", [])):
            if t.get("id") in tables:
                problems.append(f"{name}: tables[{i}]: id {t.get('id')!r} used twice")
                continue
            tables[t.get("id")] = t
        for i, c in enumerate(part.get("concepts", [])):
            for p in c.get("phrases", []):
                # A concept said only with others ("with") has phrases of its own.
                key = (tuple(c.get("with", [])), fold(p))
                if key in phrases:
                    problems.append(f"{name}: concepts[{i}]: phrase {p!r} also in {phrases[key]}")
                phrases[key] = f"{name}: concepts[{i}]"
            concepts.append((c, f"{name}: concepts[{i}]"))

    by_name = {}
    for eid, (e, _) in entries.items():
        by_name.setdefault(fold(e["title"]), []).append(eid)
        by_name.setdefault(fold(" ".join(e.get("section", []) + [e["title"]])), []).append(eid)

    for eid, (e, name) in sorted(entries.items()):
        resolved = []
        for ref in e.get("see_also", []):
            if ref in entries:
                resolved.append(ref)
                continue
            ids = sorted(set(by_name.get(fold(ref), [])))
            if len(ids) == 1:
                resolved.append(ids[0])
            else:
                problems.append(f"{name}: {eid}: see_also {ref!r} names no entry"
                                if not ids else f"{name}: {eid}: see_also {ref!r} is ambiguous: {ids}")
        e["see_also"] = list(dict.fromkeys(resolved))
    problems += check_rulings(entries)
    for tid, t in tables.items():
        if t.get("entry") is not None and t["entry"] not in entries:
            problems.append(f"tables: {tid}: entry {t['entry']!r} names no entry")
        width = len(t.get("columns", []))
        for r, row in enumerate(t.get("rows", [])):
            if len(row) != width:
                problems.append(f"tables: {tid}: rows[{r}] has {len(row)} cells, not {width}")

    for c, where in concepts:
        if not c.get("phrases") or not c.get("entries"):
            problems.append(f"{where}: needs phrases and entries")
        for ref in c.get("entries", []):
            if ref not in entries:
                problems.append(f"{where}: entry {ref!r} names no entry")

    pack = dict(head or {"format": FORMAT, "version": 1})
    pack["entries"] = [entries[k][0] for k in sorted(entries)]
    pack["tables"] = [tables[k] for k in sorted(tables)]
    if concepts:
        pack["concepts"] = [c for c, _ in concepts]
    return pack, problems


# The set of questions that never goes into a pack: it stands for questions
# nobody has seen (tests/rules/test-questions.c measures it as it is).
BLIND_SET = "blind"


def read_questions(path, entries):
    """The labelled questions as {entry id: [question, ...]}, in file order:
    each question goes to its first (best) entry only."""
    problems = []
    asked = {}
    seen = {}
    name = os.path.relpath(path, TOP)
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        return asked, [f"{name}: cannot read: {e}"]
    for n, line in enumerate(lines, 1):
        if not line or line.startswith("#"):
            continue
        cols = line.split("\t")
        where = f"{name}:{n}"
        if len(cols) != 3 or not re.fullmatch(r"[a-z0-9]+", cols[0]) or not cols[1].strip() or not cols[2]:
            problems.append(f"{where}: expected SET<tab>QUESTION<tab>ID[,ID...]")
            continue
        ids = cols[2].split(",")
        missing = [i for i in ids if i not in entries]
        if missing:
            problems.append(f"{where}: {', '.join(missing)} names no entry")
            continue
        key = fold(cols[1])
        if key in seen:
            problems.append(f"{where}: the same question as line {seen[key]}")
            continue
        seen[key] = n
        if cols[0] != BLIND_SET:
            asked.setdefault(ids[0], []).append(cols[1].strip())
    return asked, problems


def questions_of(game):
    return os.path.join(TOP, "data", "glossary", "parts", game + "-questions.tsv")


def parts_of(game):
    return sorted(glob.glob(os.path.join(TOP, "data", "glossary", "parts", game + "-*.json")))


def games_in_parts():
    names = glob.glob(os.path.join(TOP, "data", "glossary", "parts", "*-*.json"))
    return sorted({os.path.basename(n).split("-")[0] for n in names})


def run(parts, output, check, questions=None):
    pack, problems = merge(parts)
    if questions is not None and os.path.exists(questions):
        asked, more = read_questions(questions, {e["id"] for e in pack["entries"]})
        problems += more
        for e in pack["entries"]:
            e.pop("asked", None)
            if e["id"] in asked:
                e["asked"] = asked[e["id"]]
    for p in problems:
        print(p, file=sys.stderr)
    text = json.dumps(pack, ensure_ascii=False, indent=2) + "\n"
    if check:
        try:
            with open(output, encoding="utf-8") as f:
                current = f.read() == text
        except OSError:
            current = False
        if not current:
            print(f"{output} is not the merge of the parts; run build-aux/merge-glossary.py",
                  file=sys.stderr)
        return 1 if problems or not current else 0
    if problems:
        print(f"merge-glossary: {len(problems)} problems; nothing written", file=sys.stderr)
        return 1
    with open(output, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{os.path.relpath(output, TOP)}: {len(pack['entries'])} entries, {len(pack['tables'])} tables")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("parts", nargs="*")
    ap.add_argument("-o", "--output", help="the pack to write (default data/glossary/GAME.json)")
    ap.add_argument("--game", help="merge this game's parts only")
    ap.add_argument("--check", action="store_true", help="only check that OUTPUT is current")
    ap.add_argument("--questions", help="the labelled questions of parts named on the command line")
    args = ap.parse_args()
    if args.parts:
        if args.output is None:
            print("merge-glossary: parts given on the command line need -o OUT", file=sys.stderr)
            return 2
        return run(args.parts, args.output, args.check, args.questions)
    games = [args.game] if args.game else games_in_parts()
    if args.output is not None and len(games) != 1:
        print("merge-glossary: -o needs one game (--game GAME)", file=sys.stderr)
        return 2
    status = 0
    for game in games:
        parts = parts_of(game)
        if not parts:
            print(f"merge-glossary: no parts found for game {game!r}", file=sys.stderr)
            status = 1
            continue
        output = args.output or os.path.join(TOP, "data", "glossary", game + ".json")
        status |= run(parts, output, args.check, questions_of(game))
    return status


if __name__ == "__main__":
    sys.exit(main())
