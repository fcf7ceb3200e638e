import uPlot from 'uplot';
import type { ChartMarker } from './chart-model.ts';

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

/**
 * Draws each marker as a dashed vertical line across the plot area with its label at the foot, on a
 * background of its own: right of the line (after an alert, where fewer readings are), or left of it when it
 * does not fit there. At the foot, the label keeps clear of the upper limits' labels (at the top right, where an alert's limit usually is).
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
        // the label boxes drawn on each row, [left, right]
        const rows: Array<Array<[number, number]>> = [];
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
          const toLeft = x + 2 * px + width > right && x - width >= left;
          const boxLeft = toLeft ? x - width - 2 * px : Math.min(x + 2 * px, right - width);
          let row = rows.findIndex((boxes) => boxes.every(([l, r]) => boxLeft + width <= l || boxLeft >= r));
          if (row < 0) row = rows.push([]) - 1;
          rows[row]!.push([boxLeft, boxLeft + width]);
          const boxTop = bottom - (row + 1) * rowHeight;
          ctx.fillStyle = colours.background;
          ctx.fillRect(boxLeft, boxTop, width, rowHeight);
          ctx.fillStyle = colours.text;
          ctx.textAlign = 'left';
          ctx.fillText(marker.label, boxLeft + PAD_PX * px, boxTop + rowHeight / 2);
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
