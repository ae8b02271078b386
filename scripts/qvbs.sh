#!/bin/sh
# Replays every reference of the Quantitative Verification Benchmark Set's
# cases.json that has a PRISM model (or, with --route jani, a JANI file)
# through `exactdp check`, and prints each mismatch or refusal with its
# reason, the slowest cases, the largest errors of the double, and "N
# passed, M failed". A case passes when the exact value is the reference
# and the double is within a relative error of 1e-6 of it.
#   scripts/qvbs.sh [--route prism|jani] [QVBS_DIR] [FILTER]
# QVBS_DIR: the folder of cases.json (default: ../shared/qvbs beside the
# repository); FILTER: only the cases whose model path contains it.
# The tool: $EXACTDP, else build/bin/exactdp. Each case runs under a time
# limit of $QVBS_TIMEOUT seconds (default 120).
# The set: Hartmanns, Klauck, Parker, Quatmann, Ruijters, "The Quantitative
# Verification Benchmark Set", TACAS 2019 (CC-BY 4.0).
here=$(cd "$(dirname "$0")/.." && pwd)
route=prism
if [ "${1:-}" = "--route" ]; then
  route=$2
  shift 2
fi
case $route in
  prism|jani) ;;
  *) echo "usage: scripts/qvbs.sh [--route prism|jani] [QVBS_DIR] [FILTER]" >&2; exit 2 ;;
esac
dir=${1:-$here/../shared/qvbs}
tool=${EXACTDP:-$here/build/bin/exactdp}
exec python3 - "$dir" "$tool" "${2:-}" "${QVBS_TIMEOUT:-120}" "$route" <<'PY'
import json, subprocess, sys, time
from fractions import Fraction
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(1000000)
folder, tool, only, limit, route = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), sys.argv[5]
cases = [c for c in json.load(open(folder + "/cases.json")) if c.get(route)]
if only:
    cases = [c for c in cases if only in c[route]]
passed, failed, times, doubles, total = 0, [], [], [], time.time()
for c in cases:
    files = [folder + "/" + c["prism"], folder + "/" + c["props"]] if route == "prism" else [folder + "/" + c["jani"]]
    args = [tool, "check"] + files + ["--prop", c["property"], "--json"]
    if c["constants"]:
        args += ["--const", ",".join(c["constants"])]
    what = "%s %s %s" % (c[route], ",".join(c["constants"]), c["property"])
    start = time.time()
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        failed.append((what, "over the time limit of %g s" % limit))
        times.append((limit, what, c.get("states")))
        continue
    times.append((time.time() - start, what, c.get("states")))
    try:
        doc = json.loads(p.stdout)
    except ValueError:
        failed.append((what, (p.stderr or p.stdout).strip()[:300]))
        continue
    if "error" in doc:
        failed.append((what, "refused: " + doc["error"]["message"][:300]))
        continue
    e = c["expected"]
    answers = doc.get("answers", [])
    if not answers or answers[0].get("exact") is None:
        failed.append((what, "no exact value: " + json.dumps(answers[0].get("failures") if answers else doc)[:300]))
        continue
    got = Fraction(answers[0]["exact"])
    if isinstance(e.get("value"), bool):
        holds = [h["holds"] for h in doc.get("holds", [])]
        ok = holds == [e["value"]]
        shown = "holds=%s (value %s)" % (holds, answers[0]["exact"])
    else:
        want = Fraction(int(e["num"]), int(e["den"])) if "num" in e else Fraction(e["value"])
        ok = got == want
        shown = answers[0]["exact"]
    # The double run too: a double with fewer than 6 correct digits is a
    # wrong answer (the solvers' doubles are direct solves, not iterations).
    err = answers[0].get("double_error") or {}
    relative = float(err["relative"]) if err.get("relative") is not None else float("inf")
    doubles.append((relative, what))
    if ok and not relative <= 1e-6:
        ok, shown = False, "the exact value is right, but the double %s has relative error %s" % (
            answers[0].get("double"), err.get("relative"))
        e = {"value": answers[0]["exact"]}
    if ok:
        passed += 1
    else:
        ref = str(e.get("value", "%s/%s" % (e.get("num"), e.get("den"))))
        failed.append((what, "got %s, the reference is %s" % (shown[:80], ref[:80])))
for what, why in failed:
    print("MISMATCH " + what + ": " + why)
print("slowest cases:")
for t, what, states in sorted(times, reverse=True)[:10]:
    print("  %7.2f s  %s (%s states)" % (t, what, states))
print("largest relative errors of the double:")
for relative, what in sorted(doubles, reverse=True)[:5]:
    print("  %9.2e  %s" % (relative, what))
print("total %.1f s for %d cases" % (time.time() - total, len(cases)))
print("%d passed, %d failed" % (passed, len(failed)))
sys.exit(1 if failed else 0)
PY
