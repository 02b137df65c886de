//! The 8 symmetries of the square board (rotations and reflections), which map placements to
//! placements: the symmetric search and the join count one member of each class and weight it
//! by the size of its class.

use crate::judge::MAX_N;

/// Symmetry `g` (0..8) of the n×n board applied to the square (`row`, `col`): bit 2 transposes,
/// bit 1 turns the rows upside down, bit 0 the columns left to right. 0 is the identity.
pub(crate) fn transform(g: u8, n: usize, (row, col): (usize, usize)) -> (usize, usize) {
    let (r, c) = if g & 4 != 0 { (col, row) } else { (row, col) };
    let r = if g & 2 != 0 { n - 1 - r } else { r };
    let c = if g & 1 != 0 { n - 1 - c } else { c };
    (r, c)
}

/// If the placement `q` is the lexicographically smallest of its 8 images under the
/// symmetries of the square, the number of its distinct images (8, 4, 2 or 1); otherwise 0.
pub(crate) fn class_size_if_smallest(q: &[u8]) -> u64 {
    let n = q.len();
    let mut fixed_by = 0;
    for g in 0..8u8 {
        let mut image = [0u8; MAX_N as usize];
        for (r, &c) in q.iter().enumerate() {
            let (r2, c2) = transform(g, n, (r, c as usize));
            image[r2] = c2 as u8;
        }
        match image[..n].cmp(q) {
            std::cmp::Ordering::Less => return 0,
            std::cmp::Ordering::Equal => fixed_by += 1,
            std::cmp::Ordering::Greater => {}
        }
    }
    8 / fixed_by
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_of_a_placement_is_weighted_by_its_distinct_images() {
        // N = 4: the two placements are mirror images, each fixed by the half and quarter turns.
        assert_eq!(class_size_if_smallest(&[1, 3, 0, 2]), 2);
        assert_eq!(class_size_if_smallest(&[2, 0, 3, 1]), 0);
        // N = 1: the lone queen is fixed by all 8 symmetries.
        assert_eq!(class_size_if_smallest(&[0]), 1);
    }

    #[test]
    fn the_8_symmetries_are_distinct_and_map_the_board_onto_itself() {
        let n = 5;
        let images: Vec<Vec<(usize, usize)>> = (0..8u8)
            .map(|g| {
                [(0, 1), (2, 4)]
                    .iter()
                    .map(|&s| transform(g, n, s))
                    .collect()
            })
            .collect();
        for (i, a) in images.iter().enumerate() {
            assert!(a.iter().all(|&(r, c)| r < n && c < n));
            assert!(
                images[i + 1..].iter().all(|b| a != b),
                "symmetry {} repeats",
                i
            );
        }
    }
}
