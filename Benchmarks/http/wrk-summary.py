"""Prints `requests/s p50 p99` (ms) from a `wrk --latency` report; fails when wrk saw error responses."""
import re
import sys

text = open(sys.argv[1]).read()


def ms(value):
    number, unit = re.match(r"([\d.]+)(us|ms|s)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p50 = ms(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1))
p99 = ms(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if errors:
    sys.exit(f"wrk saw {errors.group(1)} error responses")
print(f"{rps:.0f} {p50:.2f} {p99:.2f}")
