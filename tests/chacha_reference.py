"""An independent pure-Python statement of hoyle's shuffle (README, "Determinism"):
ChaCha8 keyed by the seed, Lemire's bounded integers, Fisher-Yates from the end.
Written from the algorithm's published description, not from hoyle's code, so that the
tests can check the Rust implementation against it."""

from __future__ import annotations

MASK32 = 0xFFFFFFFF


def _rotl(x: int, n: int) -> int:
    return ((x << n) | (x >> (32 - n))) & MASK32


def _quarter(s: list[int], a: int, b: int, c: int, d: int) -> None:
    s[a] = (s[a] + s[b]) & MASK32
    s[d] = _rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK32
    s[b] = _rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK32
    s[d] = _rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK32
    s[b] = _rotl(s[b] ^ s[c], 7)


class ChaCha8:
    """ChaCha with 8 rounds: key = seed as 8 little-endian bytes + 24 zero bytes,
    64-bit block counter in words 12-13, 64-bit stream id in words 14-15."""

    def __init__(self, seed: int, stream: int = 0) -> None:
        key = seed.to_bytes(8, "little") + bytes(24)
        self.key = [int.from_bytes(key[i : i + 4], "little") for i in range(0, 32, 4)]
        self.stream = stream
        self.counter = 0
        self.words: list[int] = []

    def _block(self) -> list[int]:
        init = [
            0x61707865,
            0x3320646E,
            0x79622D32,
            0x6B206574,
            *self.key,
            self.counter & MASK32,
            self.counter >> 32,
            self.stream & MASK32,
            self.stream >> 32,
        ]
        s = list(init)
        for _ in range(4):  # 8 rounds = 4 double rounds
            _quarter(s, 0, 4, 8, 12)
            _quarter(s, 1, 5, 9, 13)
            _quarter(s, 2, 6, 10, 14)
            _quarter(s, 3, 7, 11, 15)
            _quarter(s, 0, 5, 10, 15)
            _quarter(s, 1, 6, 11, 12)
            _quarter(s, 2, 7, 8, 13)
            _quarter(s, 3, 4, 9, 14)
        self.counter += 1
        return [(x + y) & MASK32 for x, y in zip(s, init)]

    def next_u64(self) -> int:
        if len(self.words) < 2:
            self.words.extend(self._block())
        lo, hi = self.words.pop(0), self.words.pop(0)
        return lo | hi << 32

    def below(self, n: int) -> int:
        m = self.next_u64() * n
        if m & (2**64 - 1) < n:
            threshold = (2**64 - n) % n
            while m & (2**64 - 1) < threshold:
                m = self.next_u64() * n
        return m >> 64


def shuffle(items: list, seed: int, stream: int = 0) -> list:
    rng = ChaCha8(seed, stream)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
