# An independent brute force of Dongjintian's decision tree (base rules of rules/dongjintian.sow),
# written from the rules text: 4 rows x 5, 5 seeds a hole, 4 players, any hole may be lifted,
# each seed to an orthogonal neighbour not yet used in the lap; stuck -> drop the rest, turn
# ends; lap end: straight-on hole occupied -> relay from it; empty and the one beyond occupied
# (and not b3/c3) -> capture it; else turn ends. Game ends with <= 1 seed on board.
import sys
R, C = 4, 5
def nb(h):
    r, c = divmod(h, C)
    for rr, cc in ((r-1, c), (r, c-1), (r, c+1), (r+1, c)):
        if 0 <= rr < R and 0 <= cc < C:
            yield rr*C+cc
CENTRE = {1*C+2, 2*C+2}
def ahead(frm, at, k):
    (r0, c0), (r, c) = divmod(frm, C), divmod(at, C)
    dr, dc = r-r0, c-c0
    rr, cc = r+k*dr, c+k*dc
    return rr*C+cc if 0 <= rr < R and 0 <= cc < C else None

# state: (board tuple, mover, pending) pending None or (at, frm, hand, used frozenset)
def moves(b, pend):
    if pend is None:
        return [h for h in range(R*C) if b[h] > 0]
    at, frm, hand, used = pend
    return [h for h in nb(at) if h not in used]

def start_lap(b, h):
    b = list(b); n = b[h]; b[h] = 0
    pend = (h, h, n, frozenset([h]))
    if not moves(b, pend):
        b[h] = n; return tuple(b), None, True
    return tuple(b), pend, False

def step(b, pend, to):
    at, frm, hand, used = pend
    b = list(b); b[to] += 1; hand -= 1
    used = used | {to}
    if hand > 0:
        p = (to, at, hand, used)
        if not moves(b, p):
            b[to] += hand; return tuple(b), None, True, 0
        return tuple(b), p, False, 0
    nxt = ahead(at, to, 1)
    if nxt is not None and b[nxt] > 0:
        b2, p, over = start_lap(tuple(b), nxt)
        return b2, p, over, 0
    if nxt is not None and b[nxt] == 0:
        two = ahead(at, to, 2)
        if two is not None and two in CENTRE:
            return tuple(b), None, True, 0
        if two is not None and b[two] > 0:
            t = b[two]; b[two] = 0
            return tuple(b), None, True, t
    return tuple(b), None, True, 0

def perft(b, pend, depth):
    if sum(b) <= 1 and pend is None:
        return 1
    if depth == 0:
        return 1
    total = 0
    for m in moves(b, pend):
        if pend is None:
            b2, p2, over = start_lap(b, m)
        else:
            b2, p2, over, _ = step(b, pend, m)
        total += perft(b2, p2, depth-1)
    return total

b0 = tuple([5]*(R*C))
for d in range(1, int(sys.argv[1])+1):
    print(d, perft(b0, None, d), flush=True)
