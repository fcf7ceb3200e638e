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
 * How far down each label must move so that none covers another, nor any of the `fixed` boxes (text
 * that stays where it is): from the left, each label goes below every earlier one it would cover.
 * Answers a shift (px) per box, in the order given.
 */
export function labelShifts(boxes: readonly Box[], fixed: readonly Box[] = []): number[] {
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a]!.left - boxes[b]!.left || boxes[a]!.top - boxes[b]!.top);
  const placed: Box[] = [...fixed];
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

/** An element's box; a DOMRect's sides are getters, which a copy would lose. */
function boxOf(element: Element): Box {
  const { left, right, top, bottom } = element.getBoundingClientRect();
  return { left, right, top, bottom };
}

/**
 * Moves the permanent labels within `container` (Leaflet tooltips matching `selector`) down until
 * none covers another nor the fixed text matching `fixedSelector`: close sensors' values would
 * otherwise be written over each other, or over the drawing's own labels.
 */
export function unstackLabels(container: HTMLElement, selector: string, fixedSelector?: string) {
  const labels = [...container.querySelectorAll<HTMLElement>(selector)];
  for (const label of labels) label.style.marginTop = '';
  const fixed = fixedSelector ? [...container.querySelectorAll(fixedSelector)] : [];
  // One layout for all: every write comes after every read.
  const shifts = labelShifts(labels.map(boxOf), fixed.map(boxOf));
  labels.forEach((label, i) => {
    if (shifts[i]) label.style.marginTop = `${shifts[i]}px`;
  });
}
