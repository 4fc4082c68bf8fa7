//! Typed reading of GTP command arguments, with precise error texts.

use crate::types::{Color, Geometry, Move, VertexError};

/// An error reply: the text after `?`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GtpError(pub String);

impl GtpError {
    pub fn new(s: impl Into<String>) -> GtpError {
        GtpError(s.into())
    }

    /// `syntax error: <what>`.
    pub fn syntax(what: impl std::fmt::Display) -> GtpError {
        GtpError(format!("syntax error: {what}"))
    }
}

/// Shortens hostile input for echoing it in an error message.
pub fn quote(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if t.len() < s.len() {
        t.push_str("...");
    }
    format!("'{t}'")
}

/// The arguments of one command, read left to right.
pub struct Args<'a> {
    tokens: Vec<&'a str>,
    pos: usize,
}

impl<'a> Args<'a> {
    pub fn new(text: &'a str) -> Args<'a> {
        Args {
            tokens: text.split_whitespace().collect(),
            pos: 0,
        }
    }

    /// Number of arguments not yet read.
    pub fn remaining(&self) -> usize {
        self.tokens.len() - self.pos
    }

    /// The next argument without consuming it.
    pub fn peek(&self) -> Option<&'a str> {
        self.tokens.get(self.pos).copied()
    }

    /// The next argument, or an error naming `what` was missing.
    pub fn word(&mut self, what: &str) -> Result<&'a str, GtpError> {
        let t = self
            .tokens
            .get(self.pos)
            .copied()
            .ok_or_else(|| GtpError::syntax(format!("missing {what}")))?;
        self.pos += 1;
        Ok(t)
    }

    /// A colour argument.
    pub fn color(&mut self) -> Result<Color, GtpError> {
        let t = self.word("color")?;
        Color::parse(t).ok_or_else(|| GtpError::syntax(format!("invalid color {}", quote(t))))
    }

    /// A vertex or pass on `geo`. Off-board vertices are syntax errors too,
    /// but say so.
    pub fn vertex(&mut self, geo: &Geometry) -> Result<Move, GtpError> {
        let t = self.word("vertex")?;
        geo.parse_move(t).map_err(|e| match e {
            VertexError::Syntax => GtpError::syntax(format!("invalid vertex {}", quote(t))),
            VertexError::OffBoard => {
                GtpError::syntax(format!("vertex {} is off the board", quote(t)))
            }
        })
    }

    /// A non-negative integer that fits in `i64`.
    pub fn int(&mut self, what: &str) -> Result<i64, GtpError> {
        let t = self.word(what)?;
        t.parse::<i64>()
            .map_err(|_| GtpError::syntax(format!("{what} must be an integer, got {}", quote(t))))
    }

    /// A finite float.
    pub fn float(&mut self, what: &str) -> Result<f64, GtpError> {
        let t = self.word(what)?;
        match t.parse::<f64>() {
            Ok(v) if v.is_finite() => Ok(v),
            _ => Err(GtpError::syntax(format!(
                "{what} must be a number, got {}",
                quote(t)
            ))),
        }
    }

    /// Fails when arguments are left over.
    pub fn end(&self) -> Result<(), GtpError> {
        match self.peek() {
            None => Ok(()),
            Some(t) => Err(GtpError::syntax(format!(
                "unexpected argument {}",
                quote(t)
            ))),
        }
    }
}
