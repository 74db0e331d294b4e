"""Prints `requests/s p50 p99` (ms) from a `wrk --latency` report; fails when wrk saw error responses.
An optional second argument gives the latencies' decimals (default 2; 3 for single-client latencies)."""
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
digits = int(sys.argv[2]) if len(sys.argv) > 2 else 2
print(f"{rps:.0f} {p50:.{digits}f} {p99:.{digits}f}")
