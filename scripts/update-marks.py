#!/usr/bin/env python3
"""Re-marks known failures in gtp-tests/ after an engine change.

Runs `kosumi regress` (release build) and, for every unexpected result it
reports, adds or removes the trailing `*` of that test's `#?` line, so the
suite again shows honestly which tests kosumi passes. Review the diff.
"""
import re
import subprocess
import sys

binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/kosumi"
out = subprocess.run([binary, "regress"], capture_output=True, text=True).stdout
changes = {}
for line in out.splitlines():
    m = re.match(r"(\S+\.tst):(\d+) \d+ (?:\(.*\) )?unexpected (FAIL|PASS)", line)
    if m:
        changes.setdefault(m.group(1), []).append((int(m.group(2)), m.group(3)))
for name, items in changes.items():
    path = f"gtp-tests/{name}"
    lines = open(path).read().split("\n")
    for lineno, kind in items:
        # The runner names the command's line; its `#?` line follows.
        i = lineno - 1
        while i < len(lines) and not lines[i].startswith("#?"):
            i += 1
        if i == len(lines):
            sys.exit(f"{path}:{lineno}: no #? line after it")
        text = lines[i].rstrip()
        if kind == "FAIL" and not text.endswith("*"):
            lines[i] = text + "*"
        elif kind == "PASS" and text.endswith("*"):
            lines[i] = text[:-1]
        print(f"{path}:{lineno} {'marked' if kind == 'FAIL' else 'unmarked'}")
    open(path, "w").write("\n".join(lines))
print(out.splitlines()[-1] if out else "no output")
