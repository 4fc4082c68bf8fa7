#!/usr/bin/env python3
"""Compare kosumi's final_score with a referee's on finished match SGFs.

usage: scorecheck.py [--rules japanese] KOSUMI_BINARY SGF...

Area rules (the default): the referee is the record's RE, written by the
match runner from GNU Go's Chinese count.
--rules japanese: both engines load each record, are switched to territory
rules after loading (the records say RU[Chinese]), and GNU Go
(`--japanese-rules`, from /usr/games or PATH) counts beside kosumi."""
import os, re, shutil, subprocess, sys

args = sys.argv[1:]
rules = "chinese"
if args[:1] == ["--rules"]:
    rules, args = args[1], args[2:]
binary, files = args[0], args[1:]


class Engine:
    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, stderr=subprocess.DEVNULL)

    def gtp(self, cmd):
        self.p.stdin.write(cmd + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if l == "":
                raise SystemExit(f"engine died on {cmd!r}")
            if l.strip() == "" and out:
                break
            if l.strip() == "":
                continue
            out.append(l.strip())
        return " ".join(out)


def norm(x):
    if x in ("0", "Draw", "Jigo", "0.0"):
        return "0"
    w, v = x.split("+")
    return f"{w}+{float(v):.1f}"


kosumi = Engine([binary, "--threads", "1"])
referee = None
if rules != "chinese":
    gnugo = shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo") else None)
    if not gnugo:
        raise SystemExit("GNU Go not found (apt-get install gnugo)")
    referee = Engine([gnugo, "--mode", "gtp", "--japanese-rules"])
agree = total = 0
for f in files:
    s = open(f).read()
    m = re.search(r"RE\[([^\]]*)\]", s)
    if not m or "+R" in m.group(1) or "+T" in m.group(1) or "+F" in m.group(1):
        continue
    r = kosumi.gtp(f"loadsgf {f}")
    if not r.startswith("="):
        print(f, "loadsgf failed", r)
        continue
    if referee:
        kosumi.gtp(f"kgs-rules {rules}")
        if not referee.gtp(f"loadsgf {f}").startswith("="):
            print(f, "referee loadsgf failed")
            continue
        want = referee.gtp("final_score")[2:].strip()
    else:
        want = m.group(1)
    sc = kosumi.gtp("final_score")[2:].strip()
    total += 1
    if norm(sc) == norm(want):
        agree += 1
    else:
        print(f"{f}: referee {want}, kosumi {sc}", flush=True)
print(f"agree {agree}/{total}")
