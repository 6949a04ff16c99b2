"""numba kernels for word graphs (KWG): building one from sorted tile sequences, checking
one read from a file, listing its words, and the word index a leave table (KLV) needs.

A KWG is a flat array of 32-bit nodes: ``tile << 24 | ACCEPTS | IS_END | arc_index``. A
node is one arc of a state; a state is a run of nodes (its arcs, tiles ascending) ending at
the node with ``IS_END``. ``arc_index`` is where the state the arc leads to starts (0: none).
Node 0 points to the DAWG's root state, node 1 to the GADDAG's (:mod:`puzzlefmt.cgp.lexicon`).

The builder takes sequences sorted in byte order (one a row of a ``uint8`` matrix, tile
codes from 1, 0 the GADDAG's separator, ``lengths`` their lengths) and makes the minimal
automaton of each set incrementally (a word is "typed" after the previous one: the states
beyond their common prefix are finished and merged with an equal state already made),
every set sharing one register of states, so that the GADDAG reuses the DAWG's states.
"""

from __future__ import annotations

import numpy as np

from puzzlefmt._jit import aot, njit

ACCEPTS = 0x800000
IS_END = 0x400000
ARC_MASK = 0x3FFFFF
TILE_SHIFT = 24

_EMPTY = -1
_MIX = np.uint64(0x9E3779B97F4A7C15)


@njit
def _grow(table: np.ndarray, s_hash: np.ndarray, n_states: int) -> np.ndarray:
    """The register's hash table, twice as large, every state entered again (by the hash
    kept for it)."""
    size = table.shape[0] * 2
    out = np.full(size, _EMPTY, dtype=np.int32)
    mask = np.uint64(size - 1)
    for s in range(1, n_states):
        slot = np.int64(s_hash[s] & mask)
        while out[slot] != _EMPTY:
            slot = (slot + 1) & (size - 1)
        out[slot] = s
    return out


@njit
def _add_set(seqs: np.ndarray, lengths: np.ndarray, a_key: np.ndarray, s_start: np.ndarray,
             s_len: np.ndarray, s_hash: np.ndarray, counts: np.ndarray, table: np.ndarray,
             t_key: np.ndarray, depth_start: np.ndarray, resume: np.ndarray) -> int:
    """Add the minimal automaton of one sorted set to the register; return its root state,
    or -1 when the register's table must grow first (then call again with the same
    ``t_key``, ``depth_start`` and ``resume``: it goes on where it stopped). ``counts``:
    [arcs used, states used, register entries]; ``t_key``: the pending arcs, one run per
    depth from ``depth_start[d]`` to the top; ``resume``: [next sequence, top, its previous
    sequence's length], zeros to start.

    An arc is one ``uint64`` key, ``tile | accepts << 8 | child << 9``, so that hashing and
    comparing a state reads one array; the hash of each state is kept (``s_hash``) and
    compared before its arcs. The loops are written out here, no array changes hands inside
    them: numba counts the references of every array handed to a call or assigned to a
    variable anew, which was a third of the time."""
    width = seqs.shape[1]
    size = table.shape[0]
    top = int(resume[1])
    prev_len = int(resume[2])
    n = seqs.shape[0]
    for w in range(int(resume[0]), n + 1):
        if (counts[2] + width + 1) * 2 >= size:
            # at most ``width`` states are made by one sequence: grow before it
            resume[0] = w
            resume[1] = top
            resume[2] = prev_len
            return -1
        cur_len = int(lengths[w]) if w < n else 0
        lcp = 0
        if w > 0 and w < n:
            limit = min(prev_len, cur_len)
            while lcp < limit and seqs[w, lcp] == seqs[w - 1, lcp]:
                lcp += 1
        # finish the states deeper than the common prefix (depth prev_len .. lcp + 1)
        d = prev_len
        while d > lcp:
            lo = depth_start[d]
            state = 0
            m = top - lo
            if m > 0:
                h = np.uint64(m)
                for k in range(lo, top):
                    h = (h ^ t_key[k]) * _MIX
                    h ^= h >> np.uint64(29)
                slot = np.int64(h & np.uint64(size - 1))
                while True:
                    s = table[slot]
                    if s == _EMPTY:
                        break
                    if s_hash[s] == h and s_len[s] == m:
                        base = s_start[s]
                        same = True
                        for k in range(m):
                            if a_key[base + k] != t_key[lo + k]:
                                same = False
                                break
                        if same:
                            state = s
                            break
                    slot = (slot + 1) & (size - 1)
                if state == 0:
                    state = int(counts[1])
                    base = int(counts[0])
                    s_start[state] = base
                    s_len[state] = m
                    s_hash[state] = h
                    for k in range(m):
                        a_key[base + k] = t_key[lo + k]
                    counts[0] += m
                    counts[1] += 1
                    counts[2] += 1
                    table[slot] = state
            top = lo
            # the arc that led here (depth d - 1's last) leads to ``state``
            t_key[top - 1] = (t_key[top - 1] & np.uint64(0x1FF)) | (np.uint64(state)
                                                                   << np.uint64(9))
            d -= 1
        if w == n:
            break
        for i in range(lcp, cur_len):
            key = np.uint64(seqs[w, i])
            if i == cur_len - 1:
                key |= np.uint64(256)
            t_key[top] = key
            top += 1
            depth_start[i + 1] = top
        prev_len = cur_len
    # the root: depth 0's arcs, made a state like the others (never merged)
    root = int(counts[1])
    base = int(counts[0])
    s_start[root] = base
    s_len[root] = top
    for k in range(top):
        a_key[base + k] = t_key[k]
    counts[0] += top
    counts[1] += 1
    return root


@njit
def _trie_size(seqs: np.ndarray, lengths: np.ndarray) -> int:
    """How many arcs a trie of the sorted set has (an upper bound of the arcs kept)."""
    total = 0
    for w in range(seqs.shape[0]):
        lcp = 0
        if w > 0:
            limit = min(int(lengths[w]), int(lengths[w - 1]))
            while lcp < limit and seqs[w, lcp] == seqs[w - 1, lcp]:
                lcp += 1
        total += int(lengths[w]) - lcp
    return total


@aot("uint32[::1](uint8[:, ::1], int64[::1], uint8[:, ::1], int64[::1])")
@njit
def build_kwg(dawg: np.ndarray, dawg_lengths: np.ndarray, gaddag: np.ndarray,
              gaddag_lengths: np.ndarray) -> np.ndarray:
    """The KWG nodes of a DAWG over the sorted rows of ``dawg`` and a GADDAG over the sorted
    rows of ``gaddag`` (an empty ``gaddag``: node 1 points nowhere), on shared states."""
    bound = _trie_size(dawg, dawg_lengths) + _trie_size(gaddag, gaddag_lengths) + 4
    a_key = np.empty(bound, dtype=np.uint64)
    s_start = np.zeros(bound, dtype=np.int64)
    s_len = np.zeros(bound, dtype=np.int64)
    s_hash = np.zeros(bound, dtype=np.uint64)
    counts = np.zeros(3, dtype=np.int64)
    counts[1] = 1  # state 0: the dead end
    # the register's table, sized for about a quarter of the trie's arcs as states (web2:
    # 8.7 million arcs, 1.2 million states): no growing on the way in the common case
    size = 1 << 16
    while size < bound // 4 and size < (1 << 24):
        size <<= 1
    table = np.full(size, _EMPTY, dtype=np.int32)
    # pending arcs: at most one a tile code (256) at each depth
    width = max(dawg.shape[1], gaddag.shape[1])
    t_key = np.zeros((width + 1) * 256, dtype=np.uint64)
    depth_start = np.zeros(width + 2, dtype=np.int64)
    roots = np.zeros(2, dtype=np.int64)
    for which in range(2):
        seqs = dawg if which == 0 else gaddag
        lengths = dawg_lengths if which == 0 else gaddag_lengths
        if which == 1 and gaddag.shape[0] == 0:
            break
        resume = np.zeros(3, dtype=np.int64)
        while True:
            root = _add_set(seqs, lengths, a_key, s_start, s_len, s_hash, counts, table,
                            t_key, depth_start, resume)
            if root >= 0:
                break
            table = _grow(table, s_hash, int(counts[1]))
        roots[which] = root
    dawg_root = int(roots[0])
    gaddag_root = int(roots[1])
    # lay the states out breadth-first from the DAWG's root, then the GADDAG's
    n_states = int(counts[1])
    where = np.zeros(n_states, dtype=np.int64)
    queue = np.empty(n_states, dtype=np.int64)
    head = 0
    tail = 0
    nxt = 2
    for root in (dawg_root, gaddag_root):
        if root == 0 or s_len[root] == 0 or where[root] != 0:
            continue
        where[root] = nxt
        nxt += s_len[root]
        queue[tail] = root
        tail += 1
        while head < tail:
            s = queue[head]
            head += 1
            base = s_start[s]
            for k in range(s_len[s]):
                c = np.int64(a_key[base + k] >> np.uint64(9))
                if c != 0 and where[c] == 0:
                    where[c] = nxt
                    nxt += s_len[c]
                    queue[tail] = c
                    tail += 1
    nodes = np.zeros(nxt, dtype=np.uint32)
    nodes[0] = np.uint32(IS_END | (where[dawg_root] if s_len[dawg_root] else 0))
    nodes[1] = np.uint32(IS_END | (where[gaddag_root] if gaddag_root else 0))
    for q in range(tail):
        s = queue[q]
        base = s_start[s]
        at = where[s]
        m = s_len[s]
        for k in range(m):
            key = a_key[base + k]
            value = ((int(key & np.uint64(0xFF)) << TILE_SHIFT)
                     | int(where[np.int64(key >> np.uint64(9))]))
            if key & np.uint64(256):
                value |= ACCEPTS
            if k == m - 1:
                value |= IS_END
            nodes[at + k] = np.uint32(value)
    return nodes


@aot("int64(uint32[::1], int64)")
@njit
def check_kwg(nodes: np.ndarray, max_tile: int) -> int:
    """The first node that breaks the layout (a tile over ``max_tile``, an arc past the
    end, a last node without its end mark), or -1 when there is none."""
    n = int(nodes.shape[0])
    for i in range(n):
        v = int(nodes[i])
        if (v >> TILE_SHIFT) > max_tile or (v & ARC_MASK) >= n:
            return i
        if (v & ARC_MASK) == 1:  # node 1 is the GADDAG's pointer, never a state
            return i
    if n and not (int(nodes[n - 1]) & IS_END):
        return n - 1
    return -1


@njit
def _count_words(nodes: np.ndarray, start: int, out_codes: np.ndarray, out_ends: np.ndarray,
                 counts: np.ndarray, write: bool) -> None:
    """Walk the words under the state at ``start`` in order (depth first, an explicit
    stack); count them in ``counts[0]`` (their tiles in ``counts[1]``) and, when ``write``,
    store them."""
    stack = np.empty(64, dtype=np.int64)
    word = np.empty(64, dtype=np.uint8)
    depth = 0
    if start == 0:
        return
    stack[0] = start
    while depth >= 0:
        i = stack[depth]
        v = int(nodes[i])
        word[depth] = v >> TILE_SHIFT
        if v & ACCEPTS:
            if write:
                base = counts[1]
                for k in range(depth + 1):
                    out_codes[base + k] = word[k]
                out_ends[counts[0]] = base + depth + 1
            counts[0] += 1
            counts[1] += depth + 1
        arc = v & ARC_MASK
        if arc != 0 and depth < 63:
            depth += 1
            stack[depth] = arc
            continue
        # next sibling, going up while at a list's end
        while depth >= 0:
            i = stack[depth]
            if int(nodes[i]) & IS_END:
                depth -= 1
            else:
                stack[depth] = i + 1
                break


@aot("Tuple((uint8[::1], int64[::1]))(uint32[::1], int64)")
@njit
def list_words(nodes: np.ndarray, root: int) -> tuple[np.ndarray, np.ndarray]:
    """Every word under node ``root``'s arc (0: the DAWG), in order: their tile codes one
    after another and where each ends."""
    start = int(nodes[root]) & ARC_MASK if nodes.shape[0] > root else 0
    counts = np.zeros(2, dtype=np.int64)
    codes = np.empty(0, dtype=np.uint8)
    ends = np.empty(0, dtype=np.int64)
    _count_words(nodes, start, codes, ends, counts, False)
    codes = np.empty(counts[1], dtype=np.uint8)
    ends = np.empty(counts[0], dtype=np.int64)
    counts[:] = 0
    _count_words(nodes, start, codes, ends, counts, True)
    return codes, ends


@aot("int64[::1](uint32[::1], uint8[::1], int64[::1])")
@njit
def contains(nodes: np.ndarray, codes: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """For each word (``codes[ends[i-1]:ends[i]]``): 1 when the DAWG holds it, else 0."""
    out = np.zeros(ends.shape[0], dtype=np.int64)
    lo = 0
    for w in range(ends.shape[0]):
        hi = ends[w]
        state = int(nodes[0]) & ARC_MASK
        ok = hi > lo
        for k in range(lo, hi):
            if state == 0:
                ok = False
                break
            tile = int(codes[k])
            i = state
            found = -1
            while True:
                v = int(nodes[i])
                if (v >> TILE_SHIFT) == tile:
                    found = i
                    break
                if v & IS_END:
                    break
                i += 1
            if found < 0:
                ok = False
                break
            v = int(nodes[found])
            if k == hi - 1:
                ok = (v & ACCEPTS) != 0
            state = v & ARC_MASK
        out[w] = 1 if ok else 0
        lo = hi
    return out


@aot("int64[::1](uint32[::1])")
@njit
def word_counts(nodes: np.ndarray) -> np.ndarray:
    """For each node: the words it and its later siblings start (a KLV's word index is the
    count of the words before a leave)."""
    n = nodes.shape[0]
    out = np.zeros(n, dtype=np.int64)
    # a pass in reverse order finishes a layout whose states lie after their parents (ours,
    # breadth first); other layouts take more passes
    done = np.zeros(n, dtype=np.bool_)
    changed = True
    while changed:
        changed = False
        for i in range(n - 1, -1, -1):
            if done[i]:
                continue
            v = int(nodes[i])
            arc = v & ARC_MASK
            if arc != 0 and not done[arc]:
                continue
            if not (v & IS_END) and not done[i + 1]:
                continue
            total = 1 if v & ACCEPTS else 0
            if arc != 0:
                total += out[arc]
            if not (v & IS_END):
                total += out[i + 1]
            out[i] = total
            done[i] = True
            changed = True
    return out


@njit
def word_index(nodes: np.ndarray, counts: np.ndarray, codes: np.ndarray, n: int) -> int:
    """The index of ``codes[:n]`` among the DAWG's words in order, or -1 when absent."""
    state = int(nodes[0]) & ARC_MASK
    index = 0
    for k in range(n):
        if state == 0:
            return -1
        tile = int(codes[k])
        i = state
        while True:
            v = int(nodes[i])
            t = v >> TILE_SHIFT
            if t == tile:
                break
            if t > tile or (v & IS_END):
                return -1
            i += 1
        index += counts[state] - counts[i]
        v = int(nodes[i])
        if k == n - 1:
            return index if v & ACCEPTS else -1
        if v & ACCEPTS:
            index += 1
        state = v & ARC_MASK
    return -1


_DIGIT = 11  # bits a pass of the radix sort: 2,048 buckets


@njit
def _scatter(src: np.ndarray, dst: np.ndarray, p_src: np.ndarray, p_dst: np.ndarray,
             lo: int, hi: int, j: int, shift: int, offset: np.ndarray) -> None:
    """One radix pass: rows ``lo`` to ``hi`` of ``src`` to ``dst`` by the digit of word
    ``j`` at ``shift`` (``offset``: where each digit's rows go next), ``p_src`` (when not
    empty) moved along."""
    mask = np.uint64((1 << _DIGIT) - 1)
    nw = src.shape[1]
    carry = p_src.shape[0] > 0
    for i in range(lo, hi):
        b = np.int64((src[i, j] >> np.uint64(shift)) & mask)
        o = offset[b]
        offset[b] = o + 1
        for q in range(nw):
            dst[o, q] = src[i, q]
        if carry:
            p_dst[o] = p_src[i]


@njit
def _lsd(a: np.ndarray, b: np.ndarray, p_a: np.ndarray, p_b: np.ndarray, lo: int, hi: int,
         hist: np.ndarray, offset: np.ndarray) -> None:
    """Sort rows ``lo`` to ``hi`` of ``a`` (``p_a`` along) in place by least significant
    digit first, ``b`` the scratch rows; the counts of every pass are taken in one read
    and a pass whose digit is the same in every row is skipped."""
    nw = a.shape[1]
    n_digits = hist.shape[1]
    n_buckets = hist.shape[2]
    mask = np.uint64(n_buckets - 1)
    hist[:, :, :] = 0
    for i in range(lo, hi):
        for j in range(nw):
            k = a[i, j]
            for d in range(n_digits):
                hist[j, d, np.int64((k >> np.uint64(d * _DIGIT)) & mask)] += 1
    in_b = False
    for j in range(nw - 1, -1, -1):
        for d in range(n_digits):
            one = False
            for c in range(n_buckets):
                if hist[j, d, c] == hi - lo:
                    one = True
                    break
            if one:
                continue
            total = lo
            for c in range(n_buckets):
                offset[c] = total
                total += hist[j, d, c]
            if in_b:
                _scatter(b, a, p_b, p_a, lo, hi, j, d * _DIGIT, offset)
            else:
                _scatter(a, b, p_a, p_b, lo, hi, j, d * _DIGIT, offset)
            in_b = not in_b
    if in_b:
        for i in range(lo, hi):
            for j in range(nw):
                a[i, j] = b[i, j]
            if p_a.shape[0] > 0:
                p_a[i] = p_b[i]


@njit
def _radix_sort(keys: np.ndarray, perm: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows of ``keys`` (``uint64``, compared word by word from the first) sorted,
    stably, and ``perm`` moved along (when not empty): a radix sort of ``_DIGIT`` bits a
    pass, first by the top digit of the first word into buckets, then each bucket (small
    enough to stay in the cache) least significant digit first. ``keys`` and ``perm``
    are the scratch space."""
    n, nw = keys.shape
    n_digits = (64 + _DIGIT - 1) // _DIGIT
    n_buckets = 1 << _DIGIT
    top = np.uint64(64 - _DIGIT)
    out = np.empty((n, nw), dtype=np.uint64)
    p_out = np.empty(perm.shape[0], dtype=np.int64)
    count = np.zeros(n_buckets + 1, dtype=np.int64)
    for i in range(n):
        count[np.int64(keys[i, 0] >> top) + 1] += 1
    for c in range(n_buckets):
        count[c + 1] += count[c]
    offset = count[:n_buckets].copy()
    _scatter(keys, out, perm, p_out, 0, n, 0, 64 - _DIGIT, offset)
    hist = np.zeros((nw, n_digits, n_buckets), dtype=np.int64)
    for c in range(n_buckets):
        if count[c + 1] - count[c] > 1:
            _lsd(out, keys, p_out, perm, count[c], count[c + 1], hist, offset)
    return out, p_out


@njit
def _tile_bits(top: int) -> int:
    """Bits a tile of codes up to ``top`` takes in a packed key."""
    bits = 1
    while (1 << bits) <= top:
        bits += 1
    return bits


@aot("int64[::1](uint8[:, ::1])")
@njit
def row_order(rows: np.ndarray) -> np.ndarray:
    """The order of the rows of ``rows`` in byte order (a stable sort): the rows packed
    into ``uint64`` keys (as many tiles a key as fit, as many bits a tile as the largest
    byte needs), radix-sorted."""
    n, width = rows.shape
    top = 0
    for i in range(n):
        for p in range(width):
            top = max(top, int(rows[i, p]))
    bits = _tile_bits(top)
    per = 64 // bits
    nw = max(1, (width + per - 1) // per)
    keys = np.zeros((n, nw), dtype=np.uint64)
    for i in range(n):
        for p in range(width):
            keys[i, p // per] |= np.uint64(rows[i, p]) << np.uint64((per - 1 - p % per)
                                                                    * bits)
    keys, perm = _radix_sort(keys, np.arange(n))
    return perm


@aot("Tuple((uint8[:, ::1], int64[::1]))(uint8[::1], int64[::1], int64[::1], int64, "
     "boolean)")
@njit
def sorted_rows(codes: np.ndarray, starts: np.ndarray, lengths: np.ndarray, width: int,
                gaddag: bool) -> tuple[np.ndarray, np.ndarray]:
    """The rows the builder takes, sorted in byte order, each once, and their lengths: the
    words (``codes[starts[i]:starts[i] + lengths[i]]``, codes from 1), or their GADDAG
    strings (for a word of ``n`` tiles, the first ``i`` reversed then 0 then the rest, for
    ``i`` from 1 to ``n - 1``, and the whole word reversed: CARE gives ``C@ARE``,
    ``AC@RE``, ``RAC@E``, ``ERAC``). ``width``: the rows' width, above the longest.

    Each row is made as its packed keys (as many tiles a ``uint64`` as fit, the first
    tile highest, as many bits a tile as the largest code needs) and radix-sorted; the
    rows are then read back from the keys in order, a row equal to the one before it left
    out. A row never ends with 0, so its length is where its last tile is."""
    top = 0
    for k in range(codes.shape[0]):
        top = max(top, int(codes[k]))
    bits = _tile_bits(top)
    per = 64 // bits
    nw = max(1, (width + per - 1) // per)
    n_words = lengths.shape[0]
    total = 0
    for w in range(n_words):
        total += lengths[w] if gaddag else 1
    keys = np.zeros((total, nw), dtype=np.uint64)
    row = np.zeros(width, dtype=np.uint8)
    b64 = np.uint64(bits)
    r = 0
    for w in range(n_words):
        s = starts[w]
        n = lengths[w]
        for i in range(1, n + 1) if gaddag else range(n, n + 1):
            # the row: the first i tiles reversed, 0, the rest (the word itself when i == n
            # and not a GADDAG)
            m = 0
            if gaddag:
                for p in range(i):
                    row[m] = codes[s + i - 1 - p]
                    m += 1
                if i < n:
                    row[m] = 0
                    m += 1
                    for k in range(i, n):
                        row[m] = codes[s + k]
                        m += 1
            else:
                for p in range(n):
                    row[m] = codes[s + p]
                    m += 1
            # packed, the first tile highest: no division in the loop
            j = 0
            q = 0
            acc = np.uint64(0)
            for p in range(m):
                acc = (acc << b64) | np.uint64(row[p])
                q += 1
                if q == per:
                    keys[r, j] = acc
                    j += 1
                    acc = np.uint64(0)
                    q = 0
            if q:
                keys[r, j] = acc << np.uint64((per - q) * bits)
            r += 1
    keys, _ = _radix_sort(keys, np.empty(0, dtype=np.int64))
    kept = 0
    for i in range(total):
        if i == 0:
            kept += 1
            continue
        for j in range(nw):
            if keys[i, j] != keys[i - 1, j]:
                kept += 1
                break
    rows = np.zeros((kept, width), dtype=np.uint8)
    out_len = np.zeros(kept, dtype=np.int64)
    tile_mask = np.uint64((1 << bits) - 1)
    r = -1
    for i in range(total):
        if i > 0:
            same = True
            for j in range(nw):
                if keys[i, j] != keys[i - 1, j]:
                    same = False
                    break
            if same:
                continue
        r += 1
        last = 0
        p = 0
        for j in range(nw):
            acc = keys[i, j]
            shift = (per - 1) * bits
            for _ in range(per):
                if p == width:
                    break
                tile = (acc >> np.uint64(shift)) & tile_mask
                if tile != 0:
                    rows[r, p] = np.uint8(tile)
                    last = p + 1
                shift -= bits
                p += 1
        out_len[r] = last
    return rows, out_len
