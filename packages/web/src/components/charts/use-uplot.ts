import { useEffectEvent, useLayoutEffect, useRef, type RefObject } from 'react';
import uPlot from 'uplot';

/**
 * A uPlot instance living on `host`: made anew whenever `shape` changes (a new object), fed new data with
 * `setData` otherwise, and sized to the host's box by a ResizeObserver.
 */
export function useUplot(
  host: RefObject<HTMLDivElement | null>,
  shape: object,
  options: (size: { width: number; height: number }) => uPlot.Options,
  data: uPlot.AlignedData,
): RefObject<uPlot | null> {
  const plot = useRef<uPlot | null>(null);
  const shown = useRef<uPlot.AlignedData | null>(null);

  const create = useEffectEvent((target: HTMLDivElement) => {
    shown.current = data;
    return new uPlot(options({ width: target.clientWidth, height: target.clientHeight }), data, target);
  });

  useLayoutEffect(() => {
    const target = host.current!;
    const u = create(target);
    plot.current = u;
    // The instance on its host, for the browser tests that check what is drawn where (and for devtools).
    Object.defineProperty(target, 'uplot', { value: u, configurable: true });
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry!.contentRect.width);
      const height = Math.floor(entry!.contentRect.height);
      if (width !== u.width || height !== u.height) u.setSize({ width, height });
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      u.destroy();
      plot.current = null;
    };
  }, [host, shape]);

  useLayoutEffect(() => {
    if (!plot.current || shown.current === data) return;
    shown.current = data;
    plot.current.setData(data);
  }, [data]);

  return plot;
}
