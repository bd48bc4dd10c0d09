"""Benchmark runner for `make bench`; the real benchmarks are added with the rules engine."""


def main() -> None:
    print("no benchmarks yet")


if __name__ == "__main__":
    main()
