//! Rummy meld search (see issue 8).
