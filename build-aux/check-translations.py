#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each language in po/LINGUAS has a catalogue that msgfmt accepts with
its format checks, with nothing fuzzy or untranslated, and reaches the
merged desktop, metainfo and MIME files given as arguments. Run by the
data test suite; after `meson compile spirekeeper-update-po` the new
strings show up here until they are translated."""
import os
import re
import subprocess
import sys

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def languages():
    with open(os.path.join(top, 'po', 'LINGUAS'), encoding='utf-8') as f:
        for line in f:
            line = line.split('#', 1)[0].strip()
            yield from line.split()


def check_catalogue(lang):
    po = os.path.join('po', lang + '.po')
    run = subprocess.run(['msgfmt', '--check', '--statistics', '-o', os.devnull,
                          os.path.join(top, po)], capture_output=True, text=True)
    report = run.stderr.strip()
    if run.returncode != 0:
        return ['%s: msgfmt refuses it:\n%s' % (po, report)]
    problems = []
    for what in ('fuzzy', 'untranslated'):
        m = re.search(r'(\d+) %s' % what, report)
        if m:
            problems.append('%s: %s %s messages (%s); translate them, then drop the fuzzy flags'
                            % (po, m.group(1), what, report))
    return problems


def check_merged(path, lang):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    if ('[%s]=' % lang) in text or ('xml:lang="%s"' % lang) in text:
        return []
    return ['%s has no "%s" text; it was merged before po/%s.po changed (meson does not '
            'rebuild merged files then): touch data/*.in and build again'
            % (path, lang, lang)]


def main():
    problems = []
    for lang in languages():
        problems += check_catalogue(lang)
        for path in sys.argv[1:]:
            problems += check_merged(path, lang)
    for p in problems:
        print(p, file=sys.stderr)
    print('%d languages, %d problems' % (len(list(languages())), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
