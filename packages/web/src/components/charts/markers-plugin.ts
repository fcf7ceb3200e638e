import uPlot from 'uplot';
import type { ChartMarker } from './chart-model.ts';
import { seriesCross } from './series-clearance.ts';

const LABEL_PX = 11;
const PAD_PX = 3;
const DASH = [4, 3];
const RING_PX = 4;

export interface MarkerColours {
  line: string;
  text: string;
  /** behind the label, so that it stays legible over lines and bars */
  background: string;
}

type Rows = Record<'foot' | 'top', Array<Array<[number, number]>>>;

/**
 * Where a marker's label goes: at the foot, right of its line or left of it (right first, unless it does
 * not fit there), on the lowest row where it overlaps no other label; else the same at the top. The first
 * of these places where no series' line runs under the label wins, so that the label hides no readings
 * (a re-zeroed piezometer steps down to the foot of its chart just after its calibration's mark); when
 * every place would, the first.
 */
function placeLabel(u: uPlot, x: number, width: number, rowHeight: number, px: number, rows: Rows) {
  const [left, right] = [u.bbox.left, u.bbox.left + u.bbox.width];
  const [top, bottom] = [u.bbox.top, u.bbox.top + u.bbox.height];
  const afterLine = x + 2 * px + width <= right ? x + 2 * px : null;
  const beforeLine = x - width - 2 * px >= left ? x - width - 2 * px : null;
  const lefts = [afterLine ?? beforeLine ?? Math.min(x + 2 * px, right - width)];
  if (afterLine !== null && beforeLine !== null) lefts.push(beforeLine);
  const places = (['foot', 'top'] as const).flatMap((edge) =>
    lefts.map((boxLeft) => {
      let row = rows[edge].findIndex((boxes) => boxes.every(([l, r]) => boxLeft + width <= l || boxLeft >= r));
      if (row < 0) row = rows[edge].push([]) - 1;
      const boxTop = edge === 'foot' ? bottom - (row + 1) * rowHeight : top + row * rowHeight;
      return { edge, row, left: boxLeft, top: boxTop };
    }),
  );
  const clear = places.find(
    (p) => !seriesCross(u, { left: p.left, right: p.left + width, top: p.top, bottom: p.top + rowHeight }),
  );
  return clear ?? places[0]!;
}

/**
 * Draws each marker as a dashed vertical line across the plot area with its label at the foot, on a
 * background of its own: right of the line (after an alert, where fewer readings are), or left of it when it
 * does not fit there or would hide readings (placeLabel). At the foot, the label keeps clear of the upper limits' labels (at the top right, where an alert's limit usually is).
 * A label that would overlap one already drawn steps up a row, so that they do not overlap; labels far apart
 * share the foot (an instrument's many calibrations do not climb the chart). A marker outside the time range
 * is not drawn and takes no row. A marker with a value (the reading that raised an alert) also gets a ring at that value on its
 * scale, so that its true height shows whatever the buckets around it average.
 */
export function markersPlugin(
  markers: ReadonlyArray<ChartMarker & { scale?: string }>,
  fontFamily: string,
  colours: MarkerColours,
): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        if (!markers.length) return;
        const { ctx, bbox } = u;
        const px = uPlot.pxRatio;
        const [left, top, right, bottom] = [bbox.left, bbox.top, bbox.left + bbox.width, bbox.top + bbox.height];
        const rowHeight = (LABEL_PX + 2 * PAD_PX) * px;
        ctx.save();
        ctx.font = `${LABEL_PX * px}px ${fontFamily}`;
        ctx.textBaseline = 'middle';
        ctx.lineWidth = px;
        // the label boxes drawn on each row, [left, right], counted from the foot and from the top
        const rows: Rows = { foot: [], top: [] };
        markers.forEach((marker) => {
          const x = Math.round(u.valToPos(marker.time / 1000, 'x', true));
          if (!Number.isFinite(x) || x < left || x > right) return;
          ctx.strokeStyle = colours.line;
          ctx.setLineDash(DASH.map((d) => d * px));
          ctx.beginPath();
          ctx.moveTo(x, top);
          ctx.lineTo(x, bottom);
          ctx.stroke();
          const width = ctx.measureText(marker.label).width + 2 * PAD_PX * px;
          const box = placeLabel(u, x, width, rowHeight, px, rows);
          rows[box.edge][box.row]!.push([box.left, box.left + width]);
          ctx.fillStyle = colours.background;
          ctx.fillRect(box.left, box.top, width, rowHeight);
          ctx.fillStyle = colours.text;
          ctx.textAlign = 'left';
          ctx.fillText(marker.label, box.left + PAD_PX * px, box.top + rowHeight / 2);
          if (marker.value !== undefined && marker.scale) {
            const y = u.valToPos(marker.value, marker.scale, true);
            if (!Number.isFinite(y) || y < top || y > bottom) return;
            ctx.setLineDash([]);
            ctx.lineWidth = 2 * px;
            ctx.strokeStyle = colours.text;
            ctx.fillStyle = colours.background;
            ctx.beginPath();
            ctx.arc(x, y, RING_PX * px, 0, 2 * Math.PI);
            ctx.fill();
            ctx.stroke();
            ctx.lineWidth = px;
          }
        });
        ctx.restore();
      },
    },
  };
}
