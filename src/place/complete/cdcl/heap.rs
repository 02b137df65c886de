//! The variables waiting to be decided, the most active first.

/// A binary max-heap of variables by activity, with each variable's place in it.
#[derive(Clone, Debug)]
pub(super) struct Heap {
    items: Vec<usize>,
    /// The place of each variable, `usize::MAX` when absent.
    place: Vec<usize>,
}

impl Heap {
    /// Every variable, in order (all activities equal at first).
    pub(super) fn new(vars: usize) -> Heap {
        Heap {
            items: (0..vars).collect(),
            place: (0..vars).collect(),
        }
    }

    pub(super) fn insert(&mut self, v: usize, activity: &[f64]) {
        if self.place[v] != usize::MAX {
            return;
        }
        self.place[v] = self.items.len();
        self.items.push(v);
        self.up(self.items.len() - 1, activity);
    }

    pub(super) fn raised(&mut self, v: usize, activity: &[f64]) {
        if self.place[v] != usize::MAX {
            self.up(self.place[v], activity);
        }
    }

    pub(super) fn pop(&mut self, activity: &[f64]) -> Option<usize> {
        let top = *self.items.first()?;
        let last = self.items.pop()?;
        self.place[top] = usize::MAX;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.place[last] = 0;
            self.down(0, activity);
        }
        Some(top)
    }

    pub(super) fn up(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.items[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.items[parent];
            if activity[p] >= activity[v] {
                break;
            }
            self.items[i] = p;
            self.place[p] = i;
            i = parent;
        }
        self.items[i] = v;
        self.place[v] = i;
    }

    pub(super) fn down(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.items[i];
        loop {
            let mut child = 2 * i + 1;
            if child >= self.items.len() {
                break;
            }
            if child + 1 < self.items.len()
                && activity[self.items[child + 1]] > activity[self.items[child]]
            {
                child += 1;
            }
            let c = self.items[child];
            if activity[c] <= activity[v] {
                break;
            }
            self.items[i] = c;
            self.place[c] = i;
            i = child;
        }
        self.items[i] = v;
        self.place[v] = i;
    }
}
