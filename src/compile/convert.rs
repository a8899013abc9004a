//! The syntax's words for the model's values: the parser's enums are its own, so that the
//! model never depends on the syntax.

use crate::model;
use crate::syntax::ast;

impl From<ast::HoleState> for model::HoleState {
    fn from(state: ast::HoleState) -> Self {
        match state {
            ast::HoleState::Empty => model::HoleState::Empty,
            ast::HoleState::Occupied => model::HoleState::Occupied,
        }
    }
}

impl From<ast::Side> for model::Side {
    fn from(side: ast::Side) -> Self {
        match side {
            ast::Side::Own => model::Side::Own,
            ast::Side::Opponent => model::Side::Opponent,
        }
    }
}

impl From<ast::Direction> for model::Direction {
    fn from(direction: ast::Direction) -> Self {
        match direction {
            ast::Direction::Anticlockwise => model::Direction::Anticlockwise,
            ast::Direction::Clockwise => model::Direction::Clockwise,
        }
    }
}

impl From<&ast::Blocked> for model::Blocked {
    fn from(blocked: &ast::Blocked) -> Self {
        match blocked {
            ast::Blocked::Loses => model::Blocked::Loses,
            ast::Blocked::Passes => model::Blocked::Passes,
            ast::Blocked::Scores(_) => model::Blocked::Scores,
        }
    }
}

impl From<ast::SearchKind> for model::Search {
    fn from(search: ast::SearchKind) -> Self {
        match search {
            ast::SearchKind::AlphaBeta => model::Search::AlphaBeta,
            ast::SearchKind::Mcts => model::Search::Mcts,
        }
    }
}

impl From<ast::Overrun> for model::Overrun {
    fn from(overrun: ast::Overrun) -> Self {
        match overrun {
            ast::Overrun::Convert => model::Overrun::Convert,
            ast::Overrun::ToOrigin => model::Overrun::ToOrigin,
            ast::Overrun::Stay => model::Overrun::Stay,
        }
    }
}
