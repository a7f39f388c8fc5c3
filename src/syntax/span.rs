//! Byte spans and the line index that turns byte offsets into line and column.
//!
//! Every token and AST node carries a [`Span`] of byte offsets into the source;
//! lines and columns are computed lazily through a [`LineIndex`] only when an
//! error or a location is shown (the ruby/prism approach).

/// A half-open byte range `start..end` into a source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end` (byte offsets).
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }

    /// An empty span at `offset`.
    pub fn at(offset: usize) -> Span {
        Span::new(offset, offset)
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        (self.end - self.start) as usize
    }

    /// True when the span covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both `self` and `other`.
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The byte range, for slicing the source.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Offsets of line starts in a source text; answers line/column questions in O(log n).
#[derive(Clone, Debug)]
pub struct LineIndex {
    line_starts: Vec<u32>,
}

impl LineIndex {
    /// Index the line starts of `source` (lines end at `\n`).
    pub fn new(source: &str) -> LineIndex {
        let mut line_starts = vec![0u32];
        line_starts.extend(
            source
                .bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| (i + 1) as u32),
        );
        LineIndex { line_starts }
    }

    /// 1-based line number of a byte offset.
    pub fn line(&self, offset: usize) -> usize {
        match self.line_starts.binary_search(&(offset as u32)) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }

    /// Byte offset where the 1-based `line` starts.
    pub fn line_start(&self, line: usize) -> usize {
        self.line_starts[line.saturating_sub(1).min(self.line_starts.len() - 1)] as usize
    }

    /// 1-based (line, column) of a byte offset; the column counts characters, as Puppet does.
    pub fn line_col(&self, source: &str, offset: usize) -> (usize, usize) {
        let line = self.line(offset);
        let start = self.line_start(line);
        let end = offset.min(source.len());
        let col = source
            .get(start..end)
            .map(|s| s.chars().count())
            .unwrap_or(end - start);
        (line, col + 1)
    }

    /// Number of lines.
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based() {
        let src = "ab\ncd\n\né x";
        let idx = LineIndex::new(src);
        assert_eq!(idx.line_col(src, 0), (1, 1));
        assert_eq!(idx.line_col(src, 3), (2, 1));
        assert_eq!(idx.line_col(src, 4), (2, 2));
        assert_eq!(idx.line_col(src, 6), (3, 1));
        // 'é' is two bytes but one column
        assert_eq!(idx.line_col(src, 10), (4, 3));
    }
}
