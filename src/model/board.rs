//! The board's geometry in board coordinates: rows from South's outer row, columns from
//! South's left, rows named relative to a player's seat, and the rings seeds travel.

use super::{Direction, Player};

/// A hole of the board, in board coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The row, 0 = South's outer row (`a`).
    pub row: u8,
    /// The column, 0 = South's left (`1`).
    pub column: u8,
}

impl Cell {
    /// The hole in `row` and `column`.
    pub fn new(row: usize, column: usize) -> Cell {
        Cell { row: row as u8, column: column as u8 }
    }
}

/// Which half of a shared middle row each player owns, seen from their seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    /// The half on the owner's left.
    Left,
    /// The half on the owner's right.
    Right,
}

/// The board's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Rows (2, 3, 4 or 6): each player owns half of them; of three, the row nearest them and
    /// half of the middle row ([`Board::middle`]).
    pub rows: usize,
    /// Holes per row.
    pub columns: usize,
    /// Whether each player has a store.
    pub stores: bool,
    /// Each player also has a side store in the middle of their row of this role, between
    /// its two halves (`, and a side store for each player in the middle of the inner row`):
    /// a lap may pass through it only where the sowing says so ([`super::Sowing::side_path`]);
    /// it is never captured, its seeds count for its owner, and a lap ending in it ends the
    /// turn. Rows then have an even number of holes.
    pub side_stores: Option<super::Role>,
    /// On a board of three rows, the half of the middle row each player owns as their
    /// second row, seen from their seat (`territory each player owns row home and the right
    /// half of row middle`); rows then have an even number of holes. `None` on 2 or 4 rows.
    pub middle: Option<Half>,
}

impl Board {
    /// Rows per player (of three, the middle row's halves count as one row each).
    pub fn per_side(self) -> usize {
        self.rows.div_ceil(2)
    }

    /// Whether a player owns a hole, and as which row: the owner, and the row's role from
    /// the owner's seat. The holes of a middle row shared in halves are their half's owner's.
    pub fn owner_of(self, cell: Cell) -> (Player, usize) {
        let row = usize::from(cell.row);
        match self.middle {
            Some(half) if self.rows % 2 == 1 && row == self.rows / 2 => {
                // South's right is the right seen from South's seat; North's, South's left.
                let right = usize::from(cell.column) >= self.columns / 2;
                let south = right == (half == Half::Right);
                if south { (Player::South, row) } else { (Player::North, self.rows - 1 - row) }
            }
            _ => self.owner(row),
        }
    }

    /// The holes of `player`'s row `role`, from South's left: a whole row, or the player's
    /// half of a shared middle row. At a table of more than two every player reads the board
    /// from South's seat.
    pub fn role_cells(self, player: Player, role: usize) -> Vec<Cell> {
        let row = self.row(player, role);
        let side = if player == Player::North { Player::North } else { Player::South };
        (0..self.columns).map(|c| Cell::new(row, c)).filter(|&h| self.owner_of(h) == (side, role)).collect()
    }

    /// The hole `k` places from `player`'s left in their row `role`, if the row is that long.
    pub fn counted(self, player: Player, role: usize, k: usize) -> Option<Cell> {
        let row = self.role_cells(player, role);
        let n = row.len();
        (k < n).then(|| row[if player == Player::North { n - 1 - k } else { k }])
    }

    /// Holes in `player`'s row `role` ([`Board::role_cells`]).
    pub fn role_len(self, role: usize) -> usize {
        self.role_cells(Player::South, role).len()
    }

    /// Holes on the board.
    pub fn holes(self) -> usize {
        self.rows * self.columns
    }

    /// The board-order index of a hole (a1…an, b1…bn, …).
    pub fn index(self, cell: Cell) -> usize {
        usize::from(cell.row) * self.columns + usize::from(cell.column)
    }

    /// The hole of a board-order index.
    pub fn cell(self, index: usize) -> Cell {
        Cell::new(index / self.columns, index % self.columns)
    }

    /// Every hole, in board order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.holes()).map(move |i| self.cell(i))
    }

    /// Whether the hole is on the board.
    pub fn contains(self, cell: Cell) -> bool {
        usize::from(cell.row) < self.rows && usize::from(cell.column) < self.columns
    }

    /// The absolute row of `player`'s row `role` (counted from the seat inward).
    /// North's rows face South's; at a table of more than two, every player reads the board
    /// from South's seat.
    pub fn row(self, player: Player, role: usize) -> usize {
        if player == Player::North { self.rows - 1 - role } else { role }
    }

    /// The owner of a row, and its role from the owner's seat (of a middle row shared in
    /// halves, South: see [`Board::owner_of`] for a hole's owner).
    pub fn owner(self, row: usize) -> (Player, usize) {
        if row < self.per_side() { (Player::South, row) } else { (Player::North, self.rows - 1 - row) }
    }

    /// The absolute column of the `k`-th hole (from 0) from `player`'s left.
    pub fn column_from_left(self, player: Player, k: usize) -> usize {
        if player == Player::North { self.columns - 1 - k } else { k }
    }

    /// The name of a hole in board notation: `b8`, `c1`.
    pub fn name(self, cell: Cell) -> String {
        format!("{}{}", (b'a' + cell.row) as char, usize::from(cell.column) + 1)
    }

    /// The ring of a player's two rows, starting at the owner's outer-row leftmost hole.
    ///
    /// Seen from above with South at the bottom, anticlockwise runs left to right along the
    /// lower of the two rows and right to left along the upper one.
    ///
    /// Of three rows a player (a board of six), the rows back and forth from the seat inward:
    /// anticlockwise, the outer row from the owner's left to right, the middle row back, the
    /// inner row from left to right again, then on to the outer row's first hole; clockwise
    /// the same holes the other way, from the outer row's first hole.
    pub fn own_rows_ring(self, player: Player, direction: Direction) -> Vec<Cell> {
        if self.per_side() == 3 && self.middle.is_none() {
            let mut ring: Vec<Cell> = (0..3)
                .flat_map(|role| {
                    let row = self.row(player, role);
                    let from_left = move |k: usize| Cell::new(row, self.column_from_left(player, k));
                    let ks: Vec<usize> = if role % 2 == 0 {
                        (0..self.columns).collect()
                    } else {
                        (0..self.columns).rev().collect()
                    };
                    ks.into_iter().map(from_left)
                })
                .collect();
            if direction == Direction::Clockwise {
                ring.reverse();
                ring.rotate_right(1);
            }
            return ring;
        }
        let outer = self.row(player, 0);
        let inner = self.row(player, 1);
        let (lower, upper) = (outer.min(inner), outer.max(inner));
        let side = if player == Player::North { Player::North } else { Player::South };
        let mut ring = self.two_rows(lower, upper, direction);
        // Of a middle row shared in halves, the player's half.
        ring.retain(|&h| self.owner_of(h).0 == side);
        let first = Cell::new(outer, self.column_from_left(player, 0));
        let at = ring.iter().position(|&h| h == first).unwrap_or(0);
        ring.rotate_left(at);
        ring
    }

    /// The ring of every hole of a two-row board, starting at South's first hole in the
    /// direction of sowing (the hole after North's last one).
    ///
    /// On a board of three rows, each player's own rows in turn: South's row nearest them
    /// from left to right and their half of the middle row back towards the centre, then
    /// North's the same way from North's seat (a1…a6, b6…b4, c6…c1, b1…b3), and round again.
    /// Where every player shares the ring (no one owns the middle row's halves), it runs the
    /// same way, as if each owned the right half.
    pub fn all_rows_ring(self, direction: Direction) -> Vec<Cell> {
        if self.rows != 3 {
            return self.rows_ring(0, 1, direction);
        }
        let halves = Board { middle: Some(self.middle.unwrap_or(Half::Right)), ..self };
        if self.middle.is_none() {
            return halves.all_rows_ring(direction);
        }
        let mut ring = self.own_rows_ring(Player::South, Direction::Anticlockwise);
        ring.extend(self.own_rows_ring(Player::North, Direction::Anticlockwise));
        if direction == Direction::Clockwise {
            ring.reverse();
            // From South's first hole in the direction of sowing.
            let n = ring.len();
            let south = |k: usize| self.owner_of(ring[k % n]).0 == Player::South;
            let at = (0..n).find(|&k| south(k) && !south(k + n - 1)).unwrap_or(0);
            ring.rotate_left(at);
        }
        ring
    }

    /// The ring of the board's edge: anticlockwise from South's leftmost outer hole along row
    /// a, up the right-hand end, back along the last row and down the left-hand end (a1…an,
    /// bn, cn, dn…d1, c1, b1); clockwise the same list reversed (b1, c1, d1…dn, cn, bn,
    /// an…a1).
    pub fn edge_ring(self, direction: Direction) -> Vec<Cell> {
        let (rows, columns) = (self.rows, self.columns);
        let mut ring: Vec<Cell> = (0..columns).map(|c| Cell::new(0, c)).collect();
        ring.extend((1..rows - 1).map(|r| Cell::new(r, columns - 1)));
        ring.extend((0..columns).rev().map(|c| Cell::new(rows - 1, c)));
        ring.extend((1..rows - 1).rev().map(|r| Cell::new(r, 0)));
        if direction == Direction::Clockwise {
            // The same holes the other way round, from the hole before a1: b1, c1, …, a1.
            ring.reverse();
        }
        ring
    }

    /// The ring of two rows, South's row `lower` and North's row `upper`, starting at South's
    /// first hole in the direction of sowing (the hole after North's last one).
    pub fn rows_ring(self, lower: usize, upper: usize, direction: Direction) -> Vec<Cell> {
        let mut ring = self.two_rows(lower, upper, direction);
        let n = ring.len();
        let first = lower as u8;
        let at = (0..n).find(|&i| ring[i].row == first && ring[(i + n - 1) % n].row != first).unwrap_or(0);
        ring.rotate_left(at);
        ring
    }

    /// Two rows as a ring: left to right along `lower`, right to left along `upper`
    /// (anticlockwise seen from above), or the reverse.
    fn two_rows(self, lower: usize, upper: usize, direction: Direction) -> Vec<Cell> {
        let mut ring: Vec<Cell> = (0..self.columns).map(|c| Cell::new(lower, c)).collect();
        ring.extend((0..self.columns).rev().map(|c| Cell::new(upper, c)));
        if direction == Direction::Clockwise {
            ring.reverse();
        }
        ring
    }
}
