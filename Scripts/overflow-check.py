#!/usr/bin/env python3
"""Reads the DOM Chromium dumped for a selfsize report page (stdin) and prints its overflow check.

Exit status: 0 no overflowing label, 1 some, 2 the page did not finish its check."""
import html
import json
import re
import sys

dom = sys.stdin.read()
match = re.search(r'<pre id="overflow-report" data-status="done">(.*?)</pre>', dom, re.S)
if not match:
    print("overflow-check: the page did not finish its check (fonts not loaded?)", file=sys.stderr)
    sys.exit(2)
report = json.loads(html.unescape(match.group(1)))
print(f"overflowing labels: {report['overflowing']} of {report['labels']} "
      f"(fonts loaded: {report.get('fontsLoaded')} of {report.get('fonts')})")
if report.get("fontsLoaded") != report.get("fonts"):
    print("overflow-check: not every @font-face loaded; the check used other fonts", file=sys.stderr)
    sys.exit(2)
for detail in report["details"]:
    print(f"  {detail['id']} {detail['label']}: measured {detail['measured']} lines, "
          f"Chromium {detail['rendered']}; widest line {detail['widest']} px in {detail['width']} px")
sys.exit(1 if report["overflowing"] else 0)
