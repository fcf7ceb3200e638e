export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Room kept between two labels, px. */
const GAP = 2;

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * How far down each label must move so that none covers another: from the left, each label goes
 * below every earlier one it would cover. Answers a shift (px) per box, in the order given.
 */
export function labelShifts(boxes: readonly Box[]): number[] {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a]!.left - boxes[b]!.left || boxes[a]!.top - boxes[b]!.top);
  const placed: Box[] = [];
  const shifts = boxes.map(() => 0);
  for (const i of order) {
    const box = boxes[i]!;
    let shift = 0;
    for (;;) {
      const moved = { ...box, top: box.top + shift, bottom: box.bottom + shift };
      const hit = placed.find((p) => overlap(p, moved));
      if (!hit) {
        placed.push(moved);
        break;
      }
      shift = hit.bottom + GAP - box.top;
    }
    shifts[i] = shift;
  }
  return shifts;
}

/**
 * Moves the permanent labels within `container` (Leaflet tooltips matching `selector`) down until
 * none covers another: close sensors' values would otherwise be written over each other.
 */
export function unstackLabels(container: HTMLElement, selector: string) {
  const labels = [...container.querySelectorAll<HTMLElement>(selector)];
  for (const label of labels) label.style.marginTop = '';
  // One layout for all: every write comes after every read.
  const shifts = labelShifts(
    labels.map((label) => {
      // A DOMRect's sides are getters: copied, they would be lost.
      const { left, right, top, bottom } = label.getBoundingClientRect();
      return { left, right, top, bottom };
    }),
  );
  labels.forEach((label, i) => {
    if (shifts[i]) label.style.marginTop = `${shifts[i]}px`;
  });
}
