import { useCallback, useEffect, useState } from 'react';

/** An element's size as laid out, kept up to date (a card resized, a phone turned); 0 × 0 until measured. */
export function useElementSize(): [{ width: number; height: number }, (element: HTMLElement | null) => void] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((previous) =>
        Math.round(previous.width) === Math.round(width) && Math.round(previous.height) === Math.round(height)
          ? previous
          : { width, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [size, useCallback((next: HTMLElement | null) => setElement(next), [])];
}
