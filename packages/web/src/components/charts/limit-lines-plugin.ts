import uPlot from 'uplot';
import type { LimitLine } from './chart-model.ts';
import { seriesCross } from './series-clearance.ts';

const LABEL_PX = 11;
const PAD_PX = 4;

/**
 * Draws limit lines across the plot area, each labelled at its right end. A limit outside the y range (see
 * `scaleExtent`) gets no line, only its label pinned to the nearer edge behind an arrow, so it is not lost:
 * in the right corner, or the left one when a series' line runs through the right one (a narrow chart
 * leaves little room beside the readings), on `background` so that it stays legible over a line.
 */
export function limitLinesPlugin(lines: readonly LimitLine[], fontFamily: string, background: string): uPlot.Plugin {
  return {
    hooks: {
      draw: (u) => {
        if (!lines.length) return;
        const { ctx, bbox } = u;
        const px = uPlot.pxRatio;
        const [left, top, bottom, right] = [bbox.left, bbox.top, bbox.top + bbox.height, bbox.left + bbox.width];
        const lineHeight = (LABEL_PX + PAD_PX) * px;
        const pinned = { above: 0, below: 0 };
        ctx.save();
        ctx.font = `${LABEL_PX * px}px ${fontFamily}`;
        ctx.textAlign = 'right';
        ctx.lineWidth = 1.5 * px;
        for (const line of lines) {
          const y = Math.round(u.valToPos(line.value, line.scale, true));
          if (!Number.isFinite(y)) continue;
          ctx.strokeStyle = ctx.fillStyle = line.colour;
          if (y < top || y > bottom) {
            const above = y < top;
            ctx.textBaseline = above ? 'top' : 'bottom';
            const offset = lineHeight * pinned[above ? 'above' : 'below']++;
            const at = above ? top + PAD_PX * px + offset : bottom - PAD_PX * px - offset;
            const text = `${above ? '▲' : '▼'} ${line.text}`;
            const width = ctx.measureText(text).width + 2 * PAD_PX * px;
            const [boxTop, boxBottom] = above
              ? [at - PAD_PX * px, at + lineHeight]
              : [at - lineHeight, at + PAD_PX * px];
            const onRight = { left: right - width, right, top: boxTop, bottom: boxBottom };
            const onLeft = { left, right: left + width, top: boxTop, bottom: boxBottom };
            const box = seriesCross(u, onRight) && !seriesCross(u, onLeft) ? onLeft : onRight;
            ctx.fillStyle = background;
            ctx.fillRect(box.left, box.top, width, box.bottom - box.top);
            ctx.fillStyle = line.colour;
            ctx.fillText(text, box.right - PAD_PX * px, at);
            continue;
          }
          ctx.setLineDash(line.dash.map((d) => d * px));
          ctx.beginPath();
          ctx.moveTo(bbox.left, y);
          ctx.lineTo(right, y);
          ctx.stroke();
          // above its line unless that would leave the plot area
          const roomAbove = y - top > lineHeight;
          ctx.textBaseline = roomAbove ? 'bottom' : 'top';
          ctx.fillText(line.text, right - PAD_PX * px, roomAbove ? y - 2 * px : y + 2 * px);
        }
        ctx.restore();
      },
    },
  };
}
