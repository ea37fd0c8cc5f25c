#!/usr/bin/env python3
"""Where the bytes of trace files go: per file and per record kind.

Usage: scripts/trace-sizes.py [--arrays] [--files] FILE_OR_FOLDER...

Reads the CBOR of each .wstrace as it is stored (any format version) and
charges every byte to the record kind that holds it: launch groups
(`blocks`, `steps`, `sharedAccesses`, `globalAccesses`, `arrivals`, launch
`tables`), run `tables`, `operations`, `hostCalls`, and `other` for the rest
(device, timing, texts, keys). --arrays splits each kind by array
(`steps.before`), --files prints one line per file. Standard library only, so
it runs where the project is not built.
"""
import argparse
import collections
import pathlib
import struct
import sys


class Cbor:
    """A minimal CBOR reader that reports where each item starts and ends."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def head(self):
        b = self.data[self.pos]
        self.pos += 1
        major, info = b >> 5, b & 31
        if info < 24:
            return major, info
        size = {24: 1, 25: 2, 26: 4, 27: 8}.get(info)
        if size is None:
            return major, None  # indefinite length
        value = int.from_bytes(self.data[self.pos:self.pos + size], "big")
        self.pos += size
        return major, value

    def item(self):
        """The decoded item; byte strings come back as their length only."""
        major, value = self.head()
        if major in (0, 1):
            return value if major == 0 else -1 - value
        if major in (2, 3):
            if value is None:
                parts = []
                while self.data[self.pos] != 0xFF:
                    parts.append(self.item())
                self.pos += 1
                return sum(parts) if major == 2 else "".join(parts)
            raw = self.data[self.pos:self.pos + value]
            self.pos += value
            return Binary(value) if major == 2 else raw.decode("utf-8", "replace")
        if major == 4:
            return self.sequence(value, lambda: self.item())
        if major == 5:
            return dict(self.sequence(value, lambda: (self.item(), self.item())))
        if major == 6:
            return self.item()
        if value in (20, 21):
            return value == 21
        if value == 25:
            return 0.0
        if value == 26:
            return struct.unpack(">f", self.data[self.pos - 4:self.pos])[0]
        if value == 27:
            return struct.unpack(">d", self.data[self.pos - 8:self.pos])[0]
        return None

    def sequence(self, count, read):
        out = []
        if count is None:
            while self.data[self.pos] != 0xFF:
                out.append(read())
            self.pos += 1
        else:
            for _ in range(count):
                out.append(read())
        return out

    def sized_map(self, charge):
        """Reads a map, calling charge(key, bytes) for each key and value."""
        major, count = self.head()
        if major != 5:
            raise ValueError("expected a map")
        n = 0
        while (count is None and self.data[self.pos] != 0xFF) or (count is not None and n < count):
            start = self.pos
            key = self.item()
            value_start = self.pos
            charge(key, value_start - start, value_start)
            n += 1
        if count is None:
            self.pos += 1


class Binary(int):
    pass


LAUNCH_GROUPS = ("blocks", "steps", "sharedAccesses", "globalAccesses", "arrivals")


def breakdown(data):
    """bytes per (kind, array) of one trace file."""
    sizes = collections.Counter()
    reader = Cbor(data)

    def top(key, key_bytes, value_start):
        sizes[("other", "")] += key_bytes
        if key == "launches":
            launches(reader)
        elif key in ("tables", "operations", "hostCalls"):
            group(reader, key, key)
        else:
            reader.item()
            sizes[("other", "")] += reader.pos - value_start

    def launches(r):
        major, count = r.head()
        n = 0
        while (count is None and r.data[r.pos] != 0xFF) or (count is not None and n < count):
            r.sized_map(launch_key)
            n += 1

    def launch_key(key, key_bytes, value_start):
        kind = key if key in LAUNCH_GROUPS else "launch tables" if key == "tables" else "other"
        sizes[(kind, "")] += key_bytes
        if kind == "other":
            reader.item()
            sizes[(kind, "")] += reader.pos - value_start
        else:
            group(reader, kind, key)

    def group(r, kind, key):
        # Maps of arrays are split by array; anything else is charged whole.
        if r.data[r.pos] >> 5 == 5:

            def member(name, key_bytes, value_start):
                r.item()
                sizes[(kind, f"{key}.{name}")] += key_bytes + r.pos - value_start

            r.sized_map(member)
        else:
            s = r.pos
            r.item()
            sizes[(kind, "")] += r.pos - s

    reader.sized_map(top)
    # Map and array heads not charged above: the document's structure.
    sizes[("other", "")] += len(data) - sum(sizes.values())
    return sizes, len(data)


def files_of(paths):
    for p in map(pathlib.Path, paths):
        if p.is_dir():
            yield from sorted(p.glob("*.wstrace"))
        else:
            yield p


def human(n):
    return f"{n / 1e6:8.3f} MB" if n >= 1e5 else f"{n / 1e3:8.1f} kB"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--arrays", action="store_true", help="split each kind by array")
    parser.add_argument("--files", action="store_true", help="one line per file")
    args = parser.parse_args()
    total = collections.Counter()
    grand = 0
    files = list(files_of(args.paths))
    for f in files:
        data = f.read_bytes()
        sizes, size = breakdown(data)
        grand += size
        kinds = collections.Counter()
        for (kind, array), n in sizes.items():
            kinds[kind] += n
            total[(kind, array if args.arrays else "")] += n
        if args.files:
            top = ", ".join(f"{k} {v * 100 / size:.0f}%" for k, v in kinds.most_common(3))
            print(f"{human(size)}  {f.name}  ({top})")
    print(f"{len(files)} files, {human(grand)} in all")
    for (kind, array), n in sorted(total.items(), key=lambda kv: -kv[1]):
        label = array or kind
        print(f"  {human(n)}  {n * 100 / max(grand, 1):5.1f}%  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
