//! Byte sequences.
//! (Skeleton: the rich-values work adds base64 constructors and text forms.)

use std::sync::Arc;

/// An immutable sequence of bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Binary {
    /// The bytes.
    pub bytes: Arc<[u8]>,
}
