#!/usr/bin/env python3
"""Draws Docs/text-wrap.svg: one paragraph's lines on each platform and wrap style, side by side.

Runs the built CLI (`swift build` first): python3 Scripts/make-wrap-picture.py [path/to/selfsize]
"""
import json
import subprocess
import sys
from html import escape

CLI = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/selfsize"
TEXT = "If you have to ask how much it is, you can't afford it."
WIDTH = 343
CASES = [
    ("web", ["--text-wrap", "auto"], "Chromium greedy"),
    ("web", ["--text-wrap", "balance"], "Chromium text-wrap: balance"),
    ("web", ["--text-wrap", "pretty"], "Chromium text-wrap: pretty"),
    ("flutter", [], "Flutter SkParagraph (greedy)"),
    ("android", ["--android-style", "compose"], "Android Compose model (greedy)"),
    ("android", ["--android-style", "textview"], "Android TextView model (optimal)"),
    ("ios", [], "iOS model (greedy)"),
]


def lines(platform, options):
    record = json.dumps({"id": "p", "text": TEXT})
    out = subprocess.run(
        [CLI, "text", "-w", str(WIDTH), "--platform", platform] + options,
        input=record, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    rows = [lines(p, o) for p, o, _ in CASES]
    label = 230
    gap = 22
    svg_width = label + WIDTH + 40
    svg_height = 20 + sum(max(r["height"], 50) + gap for r in rows)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{svg_width}" height="{svg_height:.0f}" '
        f'font-family="Noto Sans CJK SC, Noto Sans, sans-serif">',
        f'<rect width="{svg_width}" height="{svg_height:.0f}" fill="#fff"/>',
    ]
    top = 20
    for (platform, options, title), row in zip(CASES, rows):
        widest = max(line["width"] for line in row["lines"])
        parts.append(f'<text x="10" y="{top + 15:.2f}" font-size="12" font-weight="bold">{escape(title)}</text>')
        parts.append(
            f'<text x="10" y="{top + 31:.2f}" font-size="11" fill="#666">'
            f'{escape(" ".join(["--platform", platform] + options))}</text>')
        parts.append(
            f'<text x="10" y="{top + 46:.2f}" font-size="11" fill="#666">{row["lineCount"]} lines, widest '
            f'{widest:.2f} px, height {row["height"]:g} px</text>')
        x = label
        parts.append(
            f'<rect x="{x}" y="{top}" width="{WIDTH}" height="{row["height"]:g}" fill="none" '
            f'stroke="#999" stroke-dasharray="3,3"/>')
        line_height = row["height"] / max(1, row["lineCount"])
        for number, line in enumerate(row["lines"]):
            y = top + number * line_height
            parts.append(
                f'<rect x="{x}" y="{y + 2:.2f}" width="{line["width"]:.2f}" height="{line_height - 4:.2f}" '
                f'fill="#4f8ef7" opacity="0.18"/>')
            parts.append(
                f'<text x="{x}" y="{y + line_height * 0.72:.2f}" font-size="15">{escape(line["text"])}</text>')
        top += max(row["height"], 50) + gap
    parts.append("</svg>")
    with open("Docs/text-wrap.svg", "w") as file:
        file.write("\n".join(parts) + "\n")


main()
