//! The kernels against each other and against the portable loop.

use super::*;

/// Marsaglia's xorshift64 from `seed`: the tests' pseudo-random words.
fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

#[test]
fn every_kernel_keeps_the_same_halves() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
    // Every length of a last few (0 to 7 past a multiple of eight), and long lists.
    for len in (0usize..=17).chain([63, 200]) {
        let bottoms: Vec<u64> = (0..len).map(|_| next() & next() & next()).collect();
        let tops: Vec<u64> = (0..5).map(|_| next() & next() & next()).collect();
        let mask = (1u64 << 58) - 1;
        let want: Vec<u64> = tops
            .iter()
            .flat_map(|&a| bottoms.iter().map(move |&b| (a, b)))
            .filter(|&(a, b)| a & b == 0)
            .map(|(a, b)| (a | b) & mask)
            .collect();
        for kernel in Kernel::available() {
            // Three keys there before, and exactly the room promised (the vector steps near
            // its end must not write past it), or room to spare; the north placements as
            // two pairs of buckets in one call, as `halves::pairs` gives small ones.
            let pairs = [(&tops[..2], &bottoms[..]), (&tops[2..], &bottoms[..])];
            for spare in [0, 8] {
                let mut out = vec![7u64; 3 + tops.len() * len + spare];
                let end = kernel.keep_disjoint(&pairs, mask, &mut out, 3);
                assert_eq!(&out[..3], &[7, 7, 7], "{:?}", kernel);
                assert_eq!(&out[3..end], &want[..], "{:?}, {} bottoms", kernel, len);
            }
        }
    }
}

#[test]
fn every_kernel_counts_the_same() {
    // Pseudo-random tables of 7 groups (keys of 35 bits) and of 11 (keys of 62 bits, n =
    // 32's), with keys over all their bits.
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
    for (groups, bits) in [(7, 35), (MAX_GROUPS, 62)] {
        let table: Vec<Row> = (0..groups << GROUP)
            .map(|_| Row([(); 8].map(|_| next() & next() | next() & next())))
            .collect();
        let keys: Vec<u64> = (0..1000)
            .map(|_| next() >> (64 - bits) & next() & next())
            .collect();
        let mut words = [0; 8];
        for &key in &keys {
            for bit in 0..512 {
                let all = (0..groups).all(|j| {
                    let row =
                        table[j << GROUP | (key >> (GROUP * j)) as usize & ((1 << GROUP) - 1)];
                    row[bit / 64] >> (bit % 64) & 1 == 1
                });
                words[bit / 64] += u64::from(all);
            }
        }
        let want: u64 = words.iter().sum();
        assert!(words.iter().all(|&word| word > 0), "{} groups", groups);
        for kernel in Kernel::available() {
            assert_eq!(
                kernel.matches(&table, groups, &keys),
                want,
                "{:?}, {} groups",
                kernel,
                groups
            );
            // Word by word, as a block whose words hold keys of several weights asks.
            assert_eq!(kernel.words(&table, groups, &keys), words, "{:?}", kernel);
        }
    }
}

#[test]
fn half_rows_count_what_whole_rows_count_when_the_last_four_words_are_empty() {
    // A block of at most 256 stored keys: its rows' words 4 to 7 are empty, and every
    // kernel reading half of each row must give what it gives reading all of it. Keys of 35
    // bits (7 groups), weights in the top bits for the weighted count.
    let mut next = xorshift(0xbb67_ae85_84ca_a73bu64);
    let groups = 7;
    let table: Vec<Row> = (0..groups << GROUP)
        .map(|_| {
            Row(std::array::from_fn(|w| match w < 4 {
                true => next() | next(),
                false => 0,
            }))
        })
        .collect();
    let keys: Vec<u64> = (0..500).map(|_| next() >> 29 & next()).collect();
    let weighted: Vec<u64> = keys.iter().map(|&k| k | (next() % 3) << WEIGHT).collect();
    let lists = [&keys[..100], &keys[100..]];
    for kernel in Kernel::available() {
        let whole = kernel.words_of(&table, groups, &lists, Width::Whole);
        assert!(whole[..4].iter().all(|&w| w > 0) && whole[4..] == [0; 4]);
        assert_eq!(
            kernel.words_of(&table, groups, &lists, Width::Half),
            whole,
            "{:?}",
            kernel
        );
        let sum: u64 = whole.iter().sum();
        assert_eq!(
            kernel.matches_of(&table, groups, &lists, Width::Half),
            sum,
            "{:?}",
            kernel
        );
        assert_eq!(
            kernel.weighted_in_keys(&table, groups, &weighted, Width::Half),
            kernel.weighted_in_keys(&table, groups, &weighted, Width::Whole),
            "{:?}",
            kernel
        );
    }
}

#[test]
fn transposing_moves_every_bit_across_the_diagonal() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
    let a: [u64; 64] = std::array::from_fn(|_| next());
    let mut t = a;
    portable::transpose(&mut t);
    for (i, word) in a.iter().enumerate() {
        for (d, column) in t.iter().enumerate() {
            assert_eq!(column >> i & 1, word >> d & 1, "({}, {})", i, d);
        }
    }
}

#[test]
fn every_kernel_loads_the_same_block_and_it_says_which_halves_leave_a_diagonal_free() {
    let mut next = xorshift(0x6a09_e667_f3bc_c909u64);
    for (len, groups) in [
        (0usize, 1usize),
        (1, 2),
        (63, 5),
        (64, 5),
        (300, 7),
        (512, MAX_GROUPS),
    ] {
        let bits = groups * GROUP;
        let keys: Vec<u64> = (0..len)
            .map(|_| next() & next() & (u64::MAX >> (64 - bits.min(64))))
            .collect();
        // Some words' halves not stored, as a block of words of one weight has; none past
        // the keys.
        let pattern = [!0, !0 >> 3, 0, !0, 1, !0, !0, !0 << 5];
        let valid: [u64; 8] = std::array::from_fn(|k| match len.saturating_sub(64 * k) {
            0 => 0,
            here if here >= 64 => pattern[k],
            here => pattern[k] & ((1 << here) - 1),
        });
        let mut want = None;
        for kernel in Kernel::available() {
            let mut free = vec![Row([9; 8]); bits];
            let mut table = vec![Row([9; 8]); groups << GROUP];
            kernel.load(&keys, valid, &mut free, &mut table);
            for (d, row) in free.iter().enumerate() {
                for i in 0..512 {
                    let leaves = valid[i / 64] >> (i % 64) & 1 == 1 && keys[i] >> d & 1 == 0;
                    assert_eq!(row[i / 64] >> (i % 64) & 1 == 1, leaves, "{:?}", kernel);
                }
            }
            // Row p of table j: the stored halves that leave free the rows of the bits of p.
            for (j, rows) in table.chunks(1 << GROUP).enumerate() {
                for (p, row) in rows.iter().enumerate() {
                    let mut and = valid;
                    for b in (0..GROUP).filter(|b| p >> b & 1 == 1) {
                        and = std::array::from_fn(|k| and[k] & free[j * GROUP + b][k]);
                    }
                    assert_eq!(row.0, and, "{:?}, table {} row {}", kernel, j, p);
                }
            }
            match &want {
                None => want = Some((free, table)),
                Some(first) => assert_eq!(first, &(free, table), "{:?}", kernel),
            }
        }
    }
}

mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn one_group_table() {
        use crate::kernel::{Kernel, Row, GROUP};

        // One group table: row p holds the stored halves compatible with pattern p.
        let mut table: Vec<Row> = vec![Row([0; 8]); 1 << GROUP];
        table[3] = Row([0b1011, 0, 0, 0, 0, 0, 0, 1]);
        let keys = [3u64, 3, 4];
        for kernel in Kernel::available() {
            assert_eq!(kernel.matches(&table, 1, &keys), 8);
        }
    }

    #[test]
    fn compiled_for_a_kernel() {
        use crate::kernel::{HotLoop, Kernel};

        struct Bits<'a>(&'a [u64]);
        impl HotLoop for Bits<'_> {
            type Output = u32;
            #[inline(always)]
            fn run(self) -> u32 {
                self.0.iter().map(|w| w.count_ones()).sum()
            }
        }

        for kernel in Kernel::available() {
            assert_eq!(kernel.compiled_for(Bits(&[0b1011, u64::MAX, 0])), 67);
        }
    }
}
