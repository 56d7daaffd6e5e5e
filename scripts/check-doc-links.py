#!/usr/bin/env python3
"""Check the relative links of Markdown files: each target exists and, for #anchors, a heading
with that GitHub slug exists. Usage: scripts/check-doc-links.py [--allow-missing PATH]... FILE.md...
(for example: scripts/check-doc-links.py $(git ls-files '*.md')); exit 1 when a link is broken."""
import os, re, sys

def slugs(path):
    out, seen = set(), {}
    in_code = False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'):
            in_code = not in_code
        if in_code:
            continue
        m = re.match(r'^(#{1,6})\s+(.*?)\s*#*\s*$', line)
        if not m:
            continue
        s = m.group(2).strip().lower()
        s = re.sub(r'[^\w\- ]', '', s)   # GitHub: drop punctuation except - and _
        s = s.replace(' ', '-')
        n = seen.get(s, 0); seen[s] = n + 1
        out.add(s if n == 0 else f'{s}-{n}')
    return out

def main(argv):
    allow, files = set(), []
    it = iter(argv)
    for a in it:
        if a == '--allow-missing':
            allow.add(os.path.normpath(next(it)))
        else:
            files.append(a)
    bad = 0; n = 0
    for f in files:
        text = open(f, encoding='utf-8').read()
        text = re.sub(r'```.*?```', '', text, flags=re.S)   # no links inside code blocks
        text = re.sub(r'`[^`\n]*`', '', text)
        for target in re.findall(r'\]\(([^)\s]+)\)', text):
            if re.match(r'^[a-z]+:', target):
                continue
            n += 1
            path, _, anchor = target.partition('#')
            dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
            if not os.path.exists(dest):
                if dest in allow:
                    print(f'{f}: {target}: not here yet (allowed)')
                    continue
                print(f'{f}: {target}: MISSING {dest}'); bad += 1; continue
            if anchor:
                if os.path.isdir(dest) or not dest.endswith('.md'):
                    print(f'{f}: {target}: anchor on a non-Markdown target'); bad += 1; continue
                if anchor not in slugs(dest):
                    print(f'{f}: {target}: NO HEADING #{anchor} in {dest}'); bad += 1
    print(f'{n} relative links checked, {bad} broken')
    return 1 if bad else 0

sys.exit(main(sys.argv[1:]))
