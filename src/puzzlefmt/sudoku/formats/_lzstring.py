"""lz-string (Pieroxy's JavaScript library, version 1.4.4 and later) in Python, held to the
JavaScript original output for output: f-puzzles and SudokuPad links carry their puzzle as
``compressToBase64`` of a JSON text.

The JavaScript library works on UTF-16 code units (``charCodeAt``), not on code points: a
character outside the Basic Multilingual Plane (an emoji in a puzzle's title) is two units,
each compressed on its own. This module does the same, so that its output matches the
browser's byte for byte; :func:`decompress_from_base64` puts surrogate pairs back together.

The format, for reference: a bit stream written least significant bit first inside each code
and most significant bit first inside each output character (6 bits a character for base64).
Codes start 2 bits wide and widen as the dictionary grows. Code 0 introduces a new 8-bit
unit, code 1 a new 16-bit unit, code 2 ends the stream; every other code names a dictionary
entry. The decoder starts one code wider (3 bits) because it already counts the entry the
encoder is about to add.

Malformed input raises :class:`LZStringError` (a ``ValueError``) where the JavaScript
decoder returns ``null`` or ``""``.
"""

from __future__ import annotations

__all__ = [
    "BASE64",
    "URI_SAFE",
    "LZStringError",
    "compress_to_base64",
    "compress_to_uri",
    "decompress_base64_prefix",
    "decompress_from_base64",
    "decompress_from_uri",
]

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"

_B64_VALUE = {ch: i for i, ch in enumerate(BASE64)}
_URI_VALUE = {ch: i for i, ch in enumerate(URI_SAFE)}


class LZStringError(ValueError):
    """Text that is not an lz-string stream; ``position`` is the 0-based character index
    where reading stopped."""

    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.position = position


def _units(text: str) -> str:
    """``text`` as UTF-16 code units, one Python character each (lone surrogates kept)."""
    if text.isascii():
        return text
    raw = text.encode("utf-16-le", "surrogatepass")
    return "".join(chr(raw[i] | raw[i + 1] << 8) for i in range(0, len(raw), 2))


def _from_units(units: str) -> str:
    """Code units back to text: surrogate pairs joined, lone surrogates kept as they are."""
    if units.isascii():
        return units
    raw = b"".join(ord(u).to_bytes(2, "little") for u in units)
    return raw.decode("utf-16-le", "surrogatepass")


# --------------------------------------------------------------------------- compress


class _BitWriter:
    __slots__ = ("alphabet", "bits", "out", "pos", "val")

    def __init__(self, bits: int, alphabet: str) -> None:
        self.bits = bits
        self.alphabet = alphabet
        self.out: list[str] = []
        self.val = 0
        self.pos = 0

    def write(self, value: int, width: int) -> None:
        """``width`` bits of ``value``, least significant first."""
        for _ in range(width):
            self.val = (self.val << 1) | (value & 1)
            value >>= 1
            if self.pos == self.bits - 1:
                self.pos = 0
                self.out.append(self.alphabet[self.val])
                self.val = 0
            else:
                self.pos += 1

    def flush(self) -> str:
        # The JavaScript shifts in zero bits until the pending character is complete (a
        # whole extra character when none is pending).
        while True:
            self.val <<= 1
            if self.pos == self.bits - 1:
                self.out.append(self.alphabet[self.val])
                break
            self.pos += 1
        return "".join(self.out)


def _compress(text: str, bits: int, alphabet: str) -> str:
    units = _units(text)
    dictionary: dict[str, int] = {}
    to_create: set[str] = set()
    enlarge_in = 2
    dict_size = 3
    num_bits = 2
    out = _BitWriter(bits, alphabet)
    w = ""

    def emit(w: str) -> None:
        nonlocal enlarge_in, num_bits
        if w in to_create:
            code = ord(w[0])
            if code < 256:
                out.write(0, num_bits)
                out.write(code, 8)
            else:
                out.write(1, num_bits)
                out.write(code, 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in = 1 << num_bits
                num_bits += 1
            to_create.discard(w)
        else:
            out.write(dictionary[w], num_bits)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1

    for c in units:
        if c not in dictionary:
            dictionary[c] = dict_size
            dict_size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
            continue
        emit(w)
        dictionary[wc] = dict_size
        dict_size += 1
        w = c
    if w:
        emit(w)
    out.write(2, num_bits)
    return out.flush()


def compress_to_base64(text: str) -> str:
    """``LZString.compressToBase64(text)``: padded with ``=`` to a multiple of 4."""
    res = _compress(text, 6, BASE64)
    return res + "=" * (-len(res) % 4)


def compress_to_uri(text: str) -> str:
    """``LZString.compressToEncodedURIComponent(text)``: no padding."""
    return _compress(text, 6, URI_SAFE)


# --------------------------------------------------------------------------- decompress


def _decompress(text: str, table: dict[str, int], zero: str) -> tuple[str, int]:
    """The decoder: the text decoded and how many characters of ``text`` it read.

    Characters are looked up as they are needed, like the JavaScript does, so text after
    the end mark is never read. Characters in ``zero`` (padding) read as no bits set; any
    other character outside ``table`` raises.
    """
    length = len(text)
    reset = 32

    def value(i: int) -> int:
        if i >= length:
            return 0
        ch = text[i]
        v = table.get(ch)
        if v is None:
            return 0 if ch in zero else -1  # -1: refused when one of its bits is read
        return v

    pos = reset
    val = value(0)
    index = 1  # next character to load

    def read(width: int) -> int:
        nonlocal pos, val, index
        result = 0
        for k in range(width):
            if val < 0:
                raise LZStringError(
                    f"{text[index - 1]!r}, not a character of the encoding", index - 1)
            bit = val & pos
            pos >>= 1
            if pos == 0:
                pos = reset
                val = value(index)
                index += 1
            if bit:
                result |= 1 << k
        return result

    dictionary: list[str] = ["", "", ""]
    enlarge_in = 4
    num_bits = 3
    first = read(2)
    if first == 2:
        return "", min(index, length)
    if first == 3:
        raise LZStringError("a stream starting with a dictionary code", 0)
    c = chr(read(8 if first == 0 else 16))
    dictionary.append(c)
    w = c
    result = [c]
    while True:
        if index > length:
            raise LZStringError("a stream without its end mark", length)
        code = read(num_bits)
        if code == 2:
            return "".join(result), min(index, length)
        if code in (0, 1):
            dictionary.append(chr(read(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in = 1 << num_bits
                num_bits += 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            raise LZStringError(
                f"code {code}, which names no dictionary entry (it has {len(dictionary)})",
                min(index - 1, length - 1))
        result.append(entry)
        dictionary.append(w + entry[0])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1


def decompress_from_base64(text: str) -> str:
    """``LZString.decompressFromBase64(text)``: ``=`` (padding) and SudokuPad's extra ``\\``
    read as zero bits, as in the JavaScript; text after the end mark is not read."""
    return decompress_base64_prefix(text)[0]


def decompress_base64_prefix(text: str) -> tuple[str, int]:
    """The decoded text and the number of characters the stream took (at least up to its
    end mark; a character beyond that is not part of the stream)."""
    if not text:
        raise LZStringError("no data", 0)
    decoded, used = _decompress(text, _B64_VALUE, "=\\")
    return _from_units(decoded), used



def decompress_from_uri(text: str) -> str:
    """``LZString.decompressFromEncodedURIComponent(text)`` (a space reads as ``+``)."""
    if not text:
        raise LZStringError("no data", 0)
    return _from_units(_decompress(text.replace(" ", "+"), _URI_VALUE, "")[0])
