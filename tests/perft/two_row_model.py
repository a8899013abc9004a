"""Independent model of Kalah(6,4) and Oware (Abapa) as issue 7 states them, for perft;
`kalah-empty-capture` is Kalah with the empty capture of issue 34 (a last seed in an empty
own pit goes to the store even when the opposite pit is empty).

Board: pits[0..6] South's a1..a6 (left to right), pits[6..12] North's b6..b1 in
anticlockwise order (so index 6 is b6, 11 is b1); stores separately.
"""
import sys

# Set by `kalah-empty-capture`: capture facing an empty pit too.
EMPTY_CAPTURE = False

def kalah_moves(state):
    pits, stores, mover = state
    own = range(0, 6) if mover == 0 else range(6, 12)
    return [i for i in own if pits[i] > 0]

def kalah_play(state, i):
    pits, stores, mover = list(state[0]), list(state[1]), state[2]
    # ring positions: 0..5 South pits, 'S' store, 6..11 North pits, 'N' store
    ring = list(range(0, 6)) + ['S'] + list(range(6, 12)) + ['N']
    skip = 'N' if mover == 0 else 'S'
    mine = 'S' if mover == 0 else 'N'
    hand = pits[i]; pits[i] = 0
    pos = ring.index(i)
    last = None
    while hand:
        pos = (pos + 1) % 14
        if ring[pos] == skip:
            continue
        r = ring[pos]
        if r in ('S', 'N'):
            stores[0 if r == 'S' else 1] += 1
        else:
            pits[r] += 1
        hand -= 1
        last = r
    again = last == mine
    if not again and isinstance(last, int):
        own = range(0, 6) if mover == 0 else range(6, 12)
        if last in own and pits[last] == 1:
            opp = 11 - last
            if pits[opp] > 0 or EMPTY_CAPTURE:
                stores[mover] += pits[opp] + 1
                pits[opp] = 0; pits[last] = 0
    nxt = mover if again else 1 - mover
    over = sum(pits[0:6]) == 0 or sum(pits[6:12]) == 0
    return (tuple(pits), tuple(stores), nxt), over

def kalah_perft(state, depth):
    if depth == 0:
        return 1
    total = 0
    for m in kalah_moves(state):
        s, over = kalah_play(state, m)
        total += 1 if (over or depth == 1) else kalah_perft(s, depth - 1)
    return total

def oware_play(state, i):
    pits, stores, mover = list(state[0]), list(state[1]), state[2]
    hand = pits[i]; pits[i] = 0
    pos = i
    while hand:
        pos = (pos + 1) % 12
        if pos == i:
            continue
        pits[pos] += 1
        hand -= 1
    opp_side = range(6, 12) if mover == 0 else range(0, 6)
    # capture backwards
    taken = []
    p = pos
    while p in opp_side and pits[p] in (2, 3):
        taken.append(p)
        p = (p - 1) % 12
    if taken:
        total = sum(pits[q] for q in taken)
        if total != sum(pits[q] for q in opp_side):  # grand slam captures nothing
            for q in taken:
                pits[q] = 0
            stores[mover] += total
    return (tuple(pits), tuple(stores), 1 - mover), bool(taken)

def oware_moves(state):
    pits, stores, mover = state
    own = range(0, 6) if mover == 0 else range(6, 12)
    opp = range(6, 12) if mover == 0 else range(0, 6)
    moves = [i for i in own if pits[i] > 0]
    if sum(pits[q] for q in opp) == 0:
        moves = [m for m in moves if sum(oware_play(state, m)[0][0][q] for q in opp) > 0]
    return moves

def oware_over(state):
    pits, stores, mover = state
    if max(stores) > 24:
        return True
    return not oware_moves(state)

def oware_perft(state, depth):
    if depth == 0:
        return 1
    total = 0
    for m in oware_moves(state):
        s, _ = oware_play(state, m)
        total += 1 if (depth == 1 or max(s[1]) > 24) else oware_perft(s, depth - 1)
    return total

if __name__ == "__main__":
    depth = int(sys.argv[2])
    start = (tuple([4] * 12), (0, 0), 0)
    EMPTY_CAPTURE = sys.argv[1] == "kalah-empty-capture"
    f = kalah_perft if sys.argv[1].startswith("kalah") else oware_perft
    for d in range(1, depth + 1):
        print(d, f(start, d))
