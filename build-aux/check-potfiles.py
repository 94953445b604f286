#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every file with strings marked for translation is in po/POTFILES.in,
and every file listed there exists: a string in a file missing from the
list would never reach translators. Run by the data test suite."""
import os
import re
import sys

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MARKED = {
    '.c': re.compile(r'\b(?:_|N_|C_|NC_|g_dngettext|ngettext|g_dpgettext2)\s*\('),
    '.ui': re.compile(r'translatable="yes"'),
    '.in': re.compile(r'.'),     # desktop, metainfo and MIME templates
    '.xml': re.compile(r'<summary>|<description>'),  # GSettings schemas
}


def marked_files():
    for root in ('src', 'ui', 'data'):
        for dirpath, _dirs, files in os.walk(os.path.join(top, root)):
            for name in files:
                ext = os.path.splitext(name)[1]
                if ext not in MARKED:
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, top)
                if ext == '.xml' and not name.endswith('.gschema.xml'):
                    continue
                with open(path, encoding='utf-8') as f:
                    if MARKED[ext].search(f.read()):
                        yield rel


def main():
    with open(os.path.join(top, 'po', 'POTFILES.in'), encoding='utf-8') as f:
        listed = [line.strip() for line in f if line.strip() and not line.startswith('#')]
    problems = []
    for rel in listed:
        if not os.path.exists(os.path.join(top, rel)):
            problems.append(f'po/POTFILES.in lists {rel}, which does not exist: remove the line')
    for rel in sorted(set(marked_files()) - set(listed)):
        problems.append(f'{rel} has strings marked for translation but is not in po/POTFILES.in: add it')
    for p in problems:
        print(p, file=sys.stderr)
    print(f'{len(listed)} files listed, {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
