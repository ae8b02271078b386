#!/usr/bin/env bash
# Replays the exact references of the Quantitative Verification Benchmark Set
# (Hartmanns et al., TACAS 2019; CC-BY 4.0) through `exactdp check`, by the
# PRISM route (the .prism model and its properties file) or the JANI route
# (the .jani file, with its properties inside).
#
#   scripts/qvbs.sh [--route prism|jani] [--tool PATH] [--timeout SECONDS] FOLDER [FILTER]
#
# FOLDER holds cases.json and the models it names (../shared/qvbs, or the
# small copy in tests/data/qvbs); FILTER keeps the cases whose model file
# contains it. Prints one line per case, the count "N of M", the cases that
# failed and the slowest ones; exits 1 when a case does not reproduce its
# reference. The tool defaults to build/bin/exactdp.
set -euo pipefail

route=prism
tool="$(dirname "$0")/../build/bin/exactdp"
timeout=600
while [[ $# -gt 0 ]]; do
  case "$1" in
    --route) route="$2"; shift 2 ;;
    --tool) tool="$2"; shift 2 ;;
    --timeout) timeout="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) break ;;
  esac
done
if [[ $# -lt 1 || ( "$route" != prism && "$route" != jani ) ]]; then
  echo "usage: scripts/qvbs.sh [--route prism|jani] [--tool PATH] [--timeout SECONDS] FOLDER [FILTER]" >&2
  exit 2
fi

exec python3 - "$route" "$tool" "$timeout" "$1" "${2:-}" <<'EOF'
import json, subprocess, sys, time
from fractions import Fraction

route, tool, timeout, folder, pattern = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4], sys.argv[5]
with open(folder + "/cases.json") as f:
    cases = json.load(f, parse_int=str, parse_float=str)  # big references stay exact

def expected_of(e):
    if "value" in e:
        v = e["value"]
        return v if isinstance(v, bool) else Fraction(v)
    return Fraction(int(e["num"]), int(e["den"]))

passed, total, failures, times = 0, 0, [], []
for c in cases:
    model = c.get(route)
    if not model or pattern not in model:
        continue
    total += 1
    args = [tool, "check", folder + "/" + model]
    if route == "prism":
        args.append(folder + "/" + c["props"])
    args += ["--prop", c["property"]]
    if c["constants"]:
        args += ["--const", ",".join(c["constants"])]
    want = expected_of(c["expected"])
    label = "%s %s %s" % (model, c["property"], ",".join(c["constants"]))
    start = time.monotonic()
    try:
        run = subprocess.run(args + ["--as", "exact", "--json"], capture_output=True, text=True, timeout=timeout)
        seconds = time.monotonic() - start
        if run.returncode != 0:
            got, ok = run.stderr.strip(), False
        elif isinstance(want, bool):
            text = subprocess.run(args, capture_output=True, text=True, timeout=timeout).stdout
            got = "true" if " is true:" in text else "false" if " is false:" in text else text.strip()
            ok = got == ("true" if want else "false")
        else:
            answers = json.loads(run.stdout)["answers"]
            got = answers[0]["exact"] if len(answers) == 1 else "%d answers" % len(answers)
            ok = len(answers) == 1 and got is not None and Fraction(got) == want
    except subprocess.TimeoutExpired:
        seconds, got, ok = timeout, "timed out after %g s" % timeout, False
    times.append((seconds, label))
    print("%s %s (%.2f s)%s" % ("ok  " if ok else "FAIL", label, seconds,
                                "" if ok else ": got %s, expected %s" % (got[:200], str(want)[:80])), flush=True)
    if ok:
        passed += 1
    else:
        failures.append(label)

print("%s route: %d of %d cases reproduce their exact reference" % (route.upper() if route == "jani" else "PRISM",
                                                                    passed, total))
for f in failures:
    print("  failed: " + f)
print("slowest:")
for seconds, label in sorted(times, reverse=True)[:5]:
    print("  %.2f s  %s" % (seconds, label))
sys.exit(0 if passed == total else 1)
EOF
