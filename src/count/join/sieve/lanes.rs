//! Blocks of west halves of every weight together: each word of a block (64 stored keys)
//! holds keys of one weight, and the kernel's count of a word is shifted by that weight once
//! a call ([`crate::kernel::Kernel::words`]), not once a probe.
//!
//! West halves count 1, 2 or 4 times (the long diagonals they hold). Bucketed by weight as
//! well as by pattern, the side loaded into blocks had three buckets a pattern, each ending
//! in a block partly empty, and three times the starts: the sieve could cut on fewer
//! diagonals. Here a bucket holds every weight; its keys are dealt into one word a weight as
//! they come, a word full (or the bucket done) goes into the block, and a block is full at 8
//! words: a bucket leaves at most three words partly empty, not three blocks.
//! A count does not probe a bucket's last, partly filled block on its own: its keys are
//! packed with other buckets' ([`super::tails`]).

use super::buckets::Buckets;
use crate::count::join::sliced::BLOCK;
use crate::kernel::WEIGHT;

/// The words of a block.
pub(super) const WORDS: usize = BLOCK / 64;

/// Keys of a bucket's last block, or of several buckets' packed together: a list a weight.
pub(super) type Tail = [Vec<u64>; 3];

/// The words `tail`'s keys take, each word of one weight.
pub(super) fn words_of(tail: &Tail) -> usize {
    words_for(std::array::from_fn(|weight| tail[weight].len()))
}

/// The words keys of each weight take (`lengths[w]` of weight `w`), each word of one weight.
pub(super) fn words_for(lengths: [usize; 3]) -> usize {
    lengths.iter().map(|keys| keys.div_ceil(64)).sum()
}

/// A block being gathered, and room for a bucket's keys gathered from several segments.
#[derive(Default)]
pub struct Gather {
    /// Room for the keys of a block gathered from several segments, or of a run joined.
    pub(super) keys: Vec<u64>,
    /// The keys of the block being dealt, word by word.
    block: Vec<u64>,
    lengths: [usize; WORDS],
    weights: [u32; WORDS],
    words: usize,
    /// The word being filled for each weight.
    dealt: [Vec<u64>; 3],
}

impl Gather {
    /// Room for the keys of a block gathered from several segments, or of a run joined.
    pub(in crate::count::join) fn room(&mut self) -> &mut Vec<u64> {
        &mut self.keys
    }

    /// Calls `each` with every block of bucket `b` of `segments`: its full blocks by
    /// [`Gather::blocks_leaving_tail`], then the last one by [`Gather::blocks_of_tail`] (the
    /// count packs the last ones of several buckets together instead: [`super::tails`]).
    #[cfg(test)]
    pub(super) fn blocks(
        &mut self,
        segments: &[Buckets],
        b: usize,
        each: &mut impl FnMut(&[u64], [usize; WORDS], [u32; WORDS]),
    ) {
        let mut tail = Tail::default();
        self.blocks_leaving_tail(segments, b, &mut tail, each);
        self.blocks_of_tail(&mut tail, each);
    }

    /// Calls `each` with every full block of bucket `b` of `segments`, whose keys carry their
    /// weight in their top bits (from [`WEIGHT`] on): the block's keys, the length of each
    /// of its words (word `w` is `keys[64w..64w + lengths[w]]`) and the weight of each. The
    /// keys that would make its last, partly filled block are added to `tail` instead (a
    /// list a weight), to be packed with other buckets' ([`super::tails`]) and passed on by
    /// [`Gather::blocks_of_tail`].
    ///
    /// # Complexity
    ///
    /// O(the bucket's keys + its blocks).
    pub(super) fn blocks_leaving_tail(
        &mut self,
        segments: &[Buckets],
        b: usize,
        tail: &mut Tail,
        each: &mut impl FnMut(&[u64], [usize; WORDS], [u32; WORDS]),
    ) {
        self.block.resize(BLOCK, 0);
        for segment in segments {
            for &key in segment.get(b) {
                let weight = (key >> WEIGHT) as usize;
                self.dealt[weight].push(key);
                if self.dealt[weight].len() == 64 {
                    self.word(weight, each);
                }
            }
        }
        for word in 0..self.words {
            let keys = &self.block[64 * word..64 * word + self.lengths[word]];
            tail[self.weights[word] as usize].extend_from_slice(keys);
        }
        self.lengths = [0; WORDS];
        self.words = 0;
        for (keys, dealt) in tail.iter_mut().zip(&mut self.dealt) {
            keys.append(dealt);
        }
    }

    /// Calls `each` with the blocks of `tail`'s keys, as [`Gather::blocks_leaving_tail`]
    /// does with a bucket's: each word of one weight. Leaves `tail` empty.
    ///
    /// # Complexity
    ///
    /// O(the keys + their blocks).
    pub(super) fn blocks_of_tail(
        &mut self,
        tail: &mut Tail,
        each: &mut impl FnMut(&[u64], [usize; WORDS], [u32; WORDS]),
    ) {
        self.block.resize(BLOCK, 0);
        for (weight, keys) in tail.iter_mut().enumerate() {
            for word in keys.chunks(64) {
                self.dealt[weight].extend_from_slice(word);
                self.word(weight, each);
            }
            keys.clear();
        }
        if self.words > 0 {
            self.emit(each);
        }
    }

    /// Puts the word dealt for `weight` into the block, and passes the block on if full.
    fn word(&mut self, weight: usize, each: &mut impl FnMut(&[u64], [usize; WORDS], [u32; WORDS])) {
        let word = &mut self.dealt[weight];
        let at = 64 * self.words;
        self.block[at..at + word.len()].copy_from_slice(word);
        self.lengths[self.words] = word.len();
        self.weights[self.words] = weight as u32;
        word.clear();
        self.words += 1;
        if self.words == WORDS {
            self.emit(each);
        }
    }

    fn emit(&mut self, each: &mut impl FnMut(&[u64], [usize; WORDS], [u32; WORDS])) {
        each(&self.block, self.lengths, self.weights);
        self.lengths = [0; WORDS];
        self.words = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    #[test]
    fn a_bucket_is_dealt_into_words_of_one_weight_and_loses_no_key() {
        let mut rng = SplitMix64::new(3);
        for count in [0usize, 1, 63, 64, 65, 500, 1537, 5000] {
            let keys: Vec<u64> = (0..count)
                .map(|i| i as u64 | rng.below(3) << WEIGHT)
                .collect();
            // In three segments of one bucket each.
            let segments: Vec<Buckets> = keys
                .chunks(count.div_ceil(3).max(1))
                .map(|segment| Buckets {
                    keys: segment.to_vec(),
                    at: vec![0, segment.len() as u32],
                })
                .collect();
            let mut dealt = Vec::new();
            let (mut blocks, mut partial) = (0, 0);
            Gather::default().blocks(&segments, 0, &mut |block, lengths, weights| {
                blocks += 1;
                for w in 0..WORDS {
                    let word = &block[64 * w..64 * w + lengths[w]];
                    assert!(word
                        .iter()
                        .all(|&key| key >> WEIGHT == u64::from(weights[w])));
                    partial += usize::from(lengths[w] > 0 && lengths[w] < 64);
                    dealt.extend_from_slice(word);
                }
            });
            dealt.sort_unstable();
            let mut all = keys.clone();
            all.sort_unstable();
            assert_eq!(dealt, all, "{}", count);
            assert!(partial <= 3, "{}: {} words partly empty", count, partial);
            // Every block full but the last: the words each weight needs, 8 a block.
            let words: usize = (0..3)
                .map(|w| {
                    keys.iter()
                        .filter(|&&key| key >> WEIGHT == w)
                        .count()
                        .div_ceil(64)
                })
                .sum();
            assert_eq!(blocks, words.div_ceil(WORDS), "{}", count);
        }
    }
}
