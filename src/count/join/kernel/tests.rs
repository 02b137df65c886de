//! The kernels against each other and against the portable loop.

use super::*;

#[test]
fn every_kernel_keeps_the_same_halves() {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for len in [0usize, 1, 7, 8, 9, 63, 200] {
        let bottoms: Vec<u64> = (0..len).map(|_| next() & next() & next()).collect();
        let (a, mask) = (next() & next() & next(), (1u64 << 58) - 1);
        let want: Vec<u64> = bottoms
            .iter()
            .filter(|&&b| a & b == 0)
            .map(|&b| (a | b) & mask)
            .collect();
        for kernel in Kernel::available() {
            // Three keys there before, and room to spare.
            let mut out = vec![7u64; 3 + 2 * len];
            let end = kernel.keep_disjoint((&[a, a], &bottoms), mask, &mut out, 3);
            assert_eq!(&out[..3], &[7, 7, 7], "{:?}", kernel);
            let twice = [&want[..], &want[..]].concat();
            assert_eq!(&out[3..end], &twice[..], "{:?}, {} bottoms", kernel, len);
        }
    }
}

#[test]
fn every_kernel_counts_the_same() {
    // Pseudo-random tables of 7 groups (keys of 35 bits) and of 11 (keys of 62 bits, n =
    // 32's), with keys over all their bits.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
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

mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn one_group_table() {
        use crate::count::join::kernel::{Kernel, Row, GROUP};

        // One group table: row p holds the stored halves compatible with pattern p.
        let mut table: Vec<Row> = vec![Row([0; 8]); 1 << GROUP];
        table[3] = Row([0b1011, 0, 0, 0, 0, 0, 0, 1]);
        let keys = [3u64, 3, 4];
        for kernel in Kernel::available() {
            assert_eq!(kernel.matches(&table, 1, &keys), 8);
        }
    }
}
