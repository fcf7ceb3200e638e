import { Box, Paper, Typography, useTheme } from '@mui/material';
import type { HeatmapResult } from '@vigil/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { heatmapProjection, pointAt, surfacePixels, type HeatmapPoint } from '../model/heatmap-geometry.ts';
import { classIndexOf, type HeatmapClass } from '../model/heatmap-scale.ts';

export interface HeatmapCanvasProps {
  result: HeatmapResult;
  classes: readonly HeatmapClass[];
  display: 'interpolated' | 'bubbles';
  /** radius of a bubble, px */
  bubbleSize: number;
  /** names the image for assistive technology */
  label: string;
  titleOf(point: HeatmapPoint): string;
  valueOf(point: HeatmapPoint): string;
  onOpen(point: HeatmapPoint): void;
}

const DOT_RADIUS = 4;
const NO_VALUE = '#9e9e9e';

/** Follows an element's size in CSS pixels. */
function useSize(ref: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry!.contentRect;
      setSize({ width: Math.floor(width), height: Math.floor(height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * The heatmap drawn on a canvas the size of its box: the interpolated surface with the devices as
 * dots, or one disc per device; a device under the pointer shows a tooltip, a click opens it.
 */
export function HeatmapCanvas(props: HeatmapCanvasProps) {
  const { result, classes, display, bubbleSize, label, titleOf, valueOf, onOpen } = props;
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { width, height } = useSize(box);
  const [hovered, setHovered] = useState<HeatmapPoint | null>(null);
  const lastPointer = useRef<string>('mouse');
  const radius = display === 'bubbles' ? bubbleSize : DOT_RADIUS;
  const projection = useMemo(
    () => heatmapProjection(result.points, result.bounds, width, height, Math.max(radius, 8) + 4),
    [result, width, height, radius],
  );

  // The surface is drawn once per size and result, at CSS pixel resolution, then scaled to the screen.
  const surface = useMemo(() => {
    if (display !== 'interpolated' || !projection || !result.bounds || !width || !height) return null;
    const image = new ImageData(
      surfacePixels(result.grid, result.bounds, classes, projection, width, height) as Uint8ClampedArray<ArrayBuffer>,
      width,
      height,
    );
    const offscreen = document.createElement('canvas');
    [offscreen.width, offscreen.height] = [width, height];
    offscreen.getContext('2d')?.putImageData(image, 0, 0);
    return offscreen;
  }, [display, projection, result, classes, width, height]);

  useEffect(() => {
    const element = canvas.current;
    const ctx = element?.getContext('2d');
    if (!element || !ctx || !projection) return;
    const ratio = window.devicePixelRatio || 1;
    [element.width, element.height] = [width * ratio, height * ratio];
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    if (surface) ctx.drawImage(surface, 0, 0, width, height);
    for (const p of result.points) {
      const [x, y] = projection.toPixel(p.longitude, p.latitude);
      const isHovered = hovered?.monitored_entity === p.monitored_entity;
      ctx.beginPath();
      ctx.arc(x, y, radius + (isHovered ? 2 : 0), 0, 2 * Math.PI);
      if (p.value === null) {
        ctx.lineWidth = 2;
        ctx.strokeStyle = NO_VALUE;
        ctx.stroke();
        continue;
      }
      ctx.fillStyle =
        display === 'bubbles' ? classes[classIndexOf(classes, p.value)]!.colour : theme.palette.text.primary;
      ctx.fill();
      ctx.lineWidth = isHovered ? 2.5 : 1.5;
      ctx.strokeStyle = display === 'bubbles' ? 'rgba(0, 0, 0, 0.55)' : theme.palette.background.paper;
      ctx.stroke();
    }
  }, [projection, surface, result, classes, display, radius, hovered, width, height, theme]);

  const pointFrom = (event: MouseEvent<HTMLCanvasElement>) => {
    if (!projection) return null;
    const rect = event.currentTarget.getBoundingClientRect();
    return pointAt(result.points, projection, event.clientX - rect.left, event.clientY - rect.top, radius + 6);
  };
  const at = hovered && projection ? projection.toPixel(hovered.longitude, hovered.latitude) : null;

  return (
    <Box ref={box} sx={{ position: 'relative', flex: 1, minHeight: 120, overflow: 'hidden' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        style={{
          position: 'absolute',
          inset: 0,
          width,
          height,
          display: 'block',
          cursor: hovered ? 'pointer' : 'default',
          touchAction: 'pan-y',
        }}
        onPointerDown={(e) => (lastPointer.current = e.pointerType)}
        onPointerMove={(e) => e.pointerType === 'mouse' && setHovered(pointFrom(e))}
        onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(null)}
        onClick={(e) => {
          const point = pointFrom(e);
          // A first tap on a touch screen shows the tooltip; a second tap on the same device opens it.
          if (point && lastPointer.current !== 'mouse' && hovered?.monitored_entity !== point.monitored_entity)
            setHovered(point);
          else if (point) onOpen(point);
          else setHovered(null);
        }}
      />
      {hovered && at && (
        <Paper
          role="tooltip"
          elevation={4}
          sx={{
            position: 'absolute',
            left: Math.min(Math.max(at[0] + 12, 4), Math.max(width - 180, 4)),
            top: at[1] > height / 2 ? at[1] - 64 : at[1] + 12,
            px: 1,
            py: 0.5,
            pointerEvents: 'none',
            maxWidth: 200,
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {titleOf(hovered)}
          </Typography>
          <Typography variant="body2">{valueOf(hovered)}</Typography>
        </Paper>
      )}
    </Box>
  );
}
