/** The geometry of the event detail's small line chart: scales, ticks and the line's path. */

export interface ChartPoint {
  t: number;
  v: number;
}

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Round tick values covering [min, max]: steps of 1, 2 or 5 times a power of ten. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (min === max) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toFixed(10)));
  return ticks;
}

/** The value range to draw: the values and the limits, with a margin so lines do not touch the edges. */
export function valueDomain(values: readonly number[], limits: readonly number[]): [number, number] {
  const all = [...values, ...limits].filter(Number.isFinite);
  if (!all.length) return [0, 1];
  let min = Math.min(...all);
  let max = Math.max(...all);
  if (min === max) {
    min -= Math.abs(min) * 0.1 || 1;
    max += Math.abs(max) * 0.1 || 1;
  }
  const margin = (max - min) * 0.08;
  return [min - margin, max + margin];
}

export function scales(box: ChartBox, time: [number, number], value: [number, number]) {
  const plotWidth = Math.max(1, box.width - box.left - box.right);
  const plotHeight = Math.max(1, box.height - box.top - box.bottom);
  return {
    x: (t: number) => box.left + ((t - time[0]) / (time[1] - time[0] || 1)) * plotWidth,
    y: (v: number) => box.top + (1 - (v - value[0]) / (value[1] - value[0] || 1)) * plotHeight,
  };
}

/** An SVG path through the points in time order; a gap of more than `maxGap` ms starts a new segment. */
export function linePath(
  points: readonly ChartPoint[],
  x: (t: number) => number,
  y: (v: number) => number,
  maxGap = Infinity,
) {
  let previous: ChartPoint | null = null;
  const parts: string[] = [];
  for (const p of [...points].sort((a, b) => a.t - b.t)) {
    const move = !previous || p.t - previous.t > maxGap;
    parts.push(`${move ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`);
    previous = p;
  }
  return parts.join(' ');
}

/** Midnights (local) between two times, at most about `count` of them, for the time axis. */
export function dayTicks(from: number, to: number, count = 5): number[] {
  const day = 86_400_000;
  const days = Math.max(1, Math.ceil((to - from) / day / count));
  const first = new Date(from);
  first.setHours(0, 0, 0, 0);
  const ticks: number[] = [];
  for (let d = new Date(first); d.getTime() <= to; d.setDate(d.getDate() + days)) {
    if (d.getTime() >= from) ticks.push(d.getTime());
  }
  return ticks;
}
