"""A seeded random sample of one target's mutants, for ``mutmut run`` (docs/testing.md, "Mutation testing").

A whole engine has thousands of mutants (hours on a 2-core machine); a uniform random sample of them estimates
the share killed (with n mutants, a 95% interval of about ±2·sqrt(p(1-p)/n)) and shows which kinds survive.

    mutmut results --all true > /tmp/mutants.txt      # every mutant's name (after one `mutmut run` made them)
    python scripts/mutation_sample.py /tmp/mutants.txt referee.games.legions 150 > /tmp/sample.txt
    mutmut run --max-children 2 $(cat /tmp/sample.txt)

Prints one mutant name a line, sorted; the same file, prefix, size and ``--seed`` give the same sample.
"""

from __future__ import annotations

import argparse
import random
import re
import sys

NAME = re.compile(r"^\s*(\S+__mutmut_\d+):")


def sample(lines: list[str], prefix: str, size: int, seed: int) -> list[str]:
    """``size`` names (all when fewer) of the mutants whose names start with ``prefix`` + ``.``."""
    names = sorted({m[1] for line in lines if (m := NAME.match(line)) and m[1].startswith(prefix + ".")})
    if len(names) <= size:
        return names
    return sorted(random.Random(seed).sample(names, size))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", help="the output of `mutmut results --all true`")
    parser.add_argument("prefix", help="the target's module prefix, e.g. referee.games.legions")
    parser.add_argument("size", type=int, help="how many mutants")
    parser.add_argument("--seed", type=int, default=26, help="the sample's seed (default 26)")
    args = parser.parse_args(argv)
    with open(args.results, encoding="utf-8") as handle:
        names = sample(handle.read().splitlines(), args.prefix, args.size, args.seed)
    if not names:
        print(f"no mutant of {args.prefix} in {args.results}", file=sys.stderr)
        return 1
    print("\n".join(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
