#!/usr/bin/env python3
"""Lists public declarations without a `///` comment directly above them (attributes may sit
in between): `public`/`open` declarations and the cases of public enums. Exit status 1 when
there is any. Usage: python3 Scripts/check-docs.py Sources/TextEngine [more folders]"""
import os
import re
import sys

DECLARATION = re.compile(r"^\s*(@\w+(\([^)]*\))?\s+)*(public|open)\s+(?!import\b)(?!extension\b)(?![=.(])")
ENUM = re.compile(r"^\s*(@\w+(\([^)]*\))?\s+)*(public|open)\s+(indirect\s+)?enum\s")
CASE = re.compile(r"^\s*case\s+[A-Za-z_]")
STRING = re.compile(r'"(\\.|[^"\\])*"')


def documented(lines, index):
    above = index - 1
    while above >= 0 and re.match(r"^\s*@\w+", lines[above]):
        above -= 1
    return above >= 0 and lines[above].strip().startswith("///")


def check(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    missing = []
    scopes = []  # for each open brace: True when it opens a public enum's body
    pending_enum = False
    in_multiline_string = False
    for index, line in enumerate(lines):
        if line.count('"""') % 2 == 1:
            in_multiline_string = not in_multiline_string
            continue
        if in_multiline_string:
            continue
        code = STRING.sub('""', line).split("//")[0]
        if DECLARATION.match(code) and not documented(lines, index):
            missing.append((index, line))
        elif (
            CASE.match(code) and not code.rstrip().endswith(":") and scopes and scopes[-1]
            and not documented(lines, index)
        ):
            missing.append((index, line))
        if ENUM.match(code):
            pending_enum = True
        for character in code:
            if character == "{":
                scopes.append(pending_enum)
                pending_enum = False
            elif character == "}" and scopes:
                scopes.pop()
    return [f"{path}:{index + 1}: undocumented: {line.strip()}" for index, line in missing]


def main():
    problems = []
    for root in sys.argv[1:]:
        for folder, _, files in sorted(os.walk(root)):
            for name in sorted(files):
                if name.endswith(".swift"):
                    problems += check(os.path.join(folder, name))
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} public declarations without a /// comment", file=sys.stderr)
        sys.exit(1)


main()
