#!/usr/bin/env python3
"""Compare kosumi's final_score with the referee's RE on finished match SGFs.
usage: scorecheck.py KOSUMI_BINARY SGF..."""
import sys, subprocess, re
binary = sys.argv[1]
p = subprocess.Popen([binary, "--threads", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, stderr=subprocess.DEVNULL)
def gtp(cmd):
    p.stdin.write(cmd + "\n"); p.stdin.flush()
    out = []
    while True:
        l = p.stdout.readline()
        if l.strip() == "" and out: break
        if l.strip() == "": continue
        out.append(l.strip())
    return " ".join(out)
agree = total = 0
for f in sys.argv[2:]:
    s = open(f).read()
    m = re.search(r"RE\[([^\]]*)\]", s)
    if not m or "+R" in m.group(1) or "+T" in m.group(1) or "+F" in m.group(1): continue
    re_ = m.group(1)
    r = gtp(f"loadsgf {f}")
    if not r.startswith("="): print(f, "loadsgf failed", r); continue
    sc = gtp("final_score")[2:].strip()
    total += 1
    def norm(x):
        if x in ("0", "Draw", "Jigo", "0.0"): return "0"
        w, v = x.split("+"); return f"{w}+{float(v):.1f}"
    if norm(sc) == norm(re_): agree += 1
    else: print(f"{f}: referee {re_}, kosumi {sc}", flush=True)
print(f"agree {agree}/{total}")
